package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.listCodec
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestObject
import java.lang.ref.WeakReference

@Order(TestOrder.UNIT)
class ListSubjectTest {
    private val lists = KotlinxJsonCodec().listCodec(Shapes.FLAT)

    @Test
    fun `a subject that releases its objects measures both operations, then holds no objects`() {
        val (subject, objects) = releasing()
        val rows = CodecBenchmark(repetitions = 3, warmup = 2, warmupMillis = 0)
            .run(Cell.of(KotlinxJsonCodec(), "flat", 10), subject)
        assertThat(rows.map { it.row.repetitions }).containsOnly(3)
        System.gc()
        assertThat(objects.get()).isNull()
        assertThatThrownBy { subject.serialize() }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessageContaining("released after its first deserialization")
    }

    @Test
    fun `a subject that keeps its objects serializes after deserializing, as a warm-up alternating both does`() {
        val subject = Subject.ofList(lists, Shapes.FLAT.generate(1, 10))
        subject.serialize()
        subject.deserialize()
        assertThat(subject.serialize()).isNotNull()
    }

    @Test
    fun `a subject that releases its objects still checks its first deserialization against them`() {
        val objects = Shapes.FLAT.generate(1, 10)
        val lossy = object : ListCodec<TestObject> by lists {
            override fun decode(payload: Payload) = lists.decode(payload).drop(1)
        }
        val subject = Subject.ofList(lossy, objects, releasesObjects = true)
        subject.serialize()
        assertThatThrownBy { subject.deserialize() }.hasMessageContaining("first difference at index 0")
    }

    /** A releasing subject, and a weak reference to its objects, which nothing else holds. */
    private fun releasing(): Pair<Subject, WeakReference<Any>> {
        val objects = Shapes.FLAT.generate(1, 10)
        return Subject.ofList(lists, objects, releasesObjects = true) to WeakReference(objects)
    }
}
