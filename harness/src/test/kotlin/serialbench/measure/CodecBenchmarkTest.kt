package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.SplitCount
import serialbench.codec.SplitCounting
import serialbench.codec.listCodec
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.codecs.paralleljson.ParallelJsonCodec
import serialbench.results.Operation
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestObject

@Order(TestOrder.UNIT)
class CodecBenchmarkTest {
    private val cell = Cell("kotlinx-json", "kotlinx Json", "JSON", "flat", 10)
    private val objects = Shapes.FLAT.generate(1, 10)

    /** Counts the deserializations that returned. */
    private class TimedCalls(private val subject: Subject) : Subject by subject {
        var deserializations = 0

        override fun deserialize(): Any? = subject.deserialize().also { deserializations++ }
    }

    /** Slow for its first calls, as code is before the JIT has compiled it, with the JIT's clock moving meanwhile. */
    private class WarmingSubject(private val slowCalls: Int, private val subject: Subject) : Subject by subject {
        private var calls = 0

        /** The JIT's total compilation time as the benchmark reads it: a millisecond more for each slow call. */
        var compiledMillis = 0L

        override fun serialize(): Any? = subject.serialize().also {
            if (++calls <= slowCalls) {
                compiledMillis++
                Thread.sleep(4)
            }
        }
    }

    /** Moves [clock] on by a millisecond at each call, as a warm-up's clock of calls a millisecond long. */
    private class Ticking(private val subject: Subject, private val clock: LongArray) : Subject by subject {
        override fun serialize(): Any? = subject.serialize().also { clock[0] += 1_000_000 }

        override fun deserialize(): Any? = subject.deserialize().also { clock[0] += 1_000_000 }
    }

    @Test
    fun `a document's warm-up waits five times as long as a list's for a JIT that never goes quiet`() {
        fun deserializations(document: Boolean): Int {
            val clock = LongArray(1)
            var compiledMillis = 0L
            val counted = TimedCalls(Ticking(Subject.ofList(KotlinxJsonCodec().listCodec(Shapes.FLAT), objects), clock))
            CodecBenchmark(
                repetitions = 1,
                warmup = 1,
                warmupMillis = 5,
                jitMillis = { ++compiledMillis },
                jvmThreadsNanos = { null },
                warmUpNanoTime = { clock[0] },
            ).run(cell, counted, document)
            return counted.deserializations
        }
        // 5 ms of least warm-up, then 4 x 5 ms of waiting for the JIT for a list, 20 x 5 ms for a document
        val waitedMoreMillis = (CodecBenchmark.DOCUMENT_JIT_WAIT_FACTOR - CodecBenchmark.JIT_WAIT_FACTOR) * 5
        assertThat(deserializations(document = true)).isEqualTo(deserializations(document = false) + waitedMoreMillis)
    }

    @Test
    fun `a series still getting faster drops its first half and goes on, and the row says so`() {
        val subject = Subject.ofList(KotlinxJsonCodec().listCodec(Shapes.FLAT), objects)
        // calls: 1 of warm-up, then the series: its first 11 calls sleep, the other 9 do not; then 10 more
        val warming = WarmingSubject(12, subject)
        val rows = CodecBenchmark(repetitions = 20, warmup = 1, warmupMillis = 0, jitMillis = warming::compiledMillis)
            .run(cell, warming)
            .map { it.row }
        val serialize = rows.single { it.operation == Operation.SERIALIZE }
        assertThat(serialize.repeatedSeries).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(serialize.repetitions).isEqualTo(20)
        assertThat(serialize.shape).isEqualTo("flat")
        assertThat(rows.map { it.payloadBytes }).containsOnly(subject.payloadBytes)
    }

    @Test
    fun `calls of microseconds are timed several per repetition, and the row says how many and allocates per call`() {
        val subject = TimedCalls(Subject.ofList(KotlinxJsonCodec().listCodec(Shapes.FLAT), objects))
        // a JIT that compiles nothing: no series is made again, whatever this JVM compiles meanwhile
        val measurements = CodecBenchmark(
            repetitions = 4,
            warmup = 3,
            warmupMillis = 0,
            minRepetitionMicros = 60_000,
            jitMillis = { 0L },
        ).run(cell, subject)
        val deserialize = measurements.single { it.row.operation == Operation.DESERIALIZE }
        // ten objects take microseconds: each of the 4 repetitions makes many calls (2 more for each half series
        // dropped for drift), the warm-up's 3 besides
        val calls = deserialize.row.callsPerRepetition.single()
        assertThat(calls).isGreaterThan(1)
        assertThat(subject.deserializations).isEqualTo(3 + (4 + 2 * deserialize.row.repeatedSeries) * calls)
        assertThat(deserialize.samples.calls).isEqualTo(4L * calls)
        val serialize = CodecBenchmark(repetitions = 4, warmup = 3, warmupMillis = 0).run(cell, subject)
            .single { it.row.operation == Operation.SERIALIZE }
        assertThat(serialize.row.callsPerRepetition).containsExactly(1)
    }

    /** Splits every list it serializes and reads every one it deserializes whole, and counts so. */
    private class SplittingSubject(private val subject: Subject) :
        Subject by subject,
        SplitCounting {
        private var encoded = SplitCount.NONE
        private var decoded = SplitCount.NONE

        override val splits: SplitCounting get() = this

        override fun serialize(): Any? = subject.serialize().also { encoded += SplitCount(1, 0) }

        override fun deserialize(): Any? = subject.deserialize().also { decoded += SplitCount(0, 1) }

        override fun encoded() = encoded

        override fun decoded() = decoded
    }

    @Test
    fun `a row counts the split choices of its own timed calls, neither those of the warm-up nor of a dropped half`() {
        val subject = Subject.ofList(KotlinxJsonCodec().listCodec(Shapes.FLAT), objects)
        // 1 call of warm-up, then the series: its first 11 calls sleep, so it drops halves, whose choices are
        // not the row's.
        val warming = WarmingSubject(12, subject)
        val rows = CodecBenchmark(repetitions = 20, warmup = 1, warmupMillis = 0, jitMillis = warming::compiledMillis)
            .run(cell, SplittingSubject(warming))
            .associate { it.row.operation to it.row }
        val serialize = rows.getValue(Operation.SERIALIZE)
        assertThat(serialize.repeatedSeries).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(serialize.listsSplit).containsExactly(20L)
        assertThat(serialize.listsWhole).containsExactly(0L)
        assertThat(rows.getValue(Operation.DESERIALIZE).listsSplit).containsExactly(0L)
        assertThat(rows.getValue(Operation.DESERIALIZE).listsWhole).containsExactly(20L)
    }

    @Test
    fun `ParallelJson's rows count one choice for each list of their timed calls, a single-threaded codec's none`() {
        val parallel = ParallelJsonCodec(parallelism = 2)
        parallel.use {
            val rows = CodecBenchmark(repetitions = 5, warmup = 2, warmupMillis = 0)
                .run(cell.copy(codec = ParallelJsonCodec.ID, size = 1000), parallelSubject(parallel))
                .map { it.row }
            for (row in rows) {
                assertThat(row.listsSplit.single() + row.listsWhole.single()).describedAs(row.operation.verb)
                    .isEqualTo(5L)
            }
        }
        val json = CodecBenchmark(repetitions = 3, warmup = 1, warmupMillis = 0)
            .run(cell, Subject.ofList(KotlinxJsonCodec().listCodec(Shapes.FLAT), objects))
        assertThat(json.flatMap { it.row.listsSplit + it.row.listsWhole }).isEmpty()
    }

    private fun parallelSubject(codec: ParallelJsonCodec) =
        Subject.ofList(codec.listCodec(Shapes.FLAT), Shapes.FLAT.generate(1, 1000))

    /** Counts its serializations. */
    private class CountedCalls(private val subject: Subject) : Subject by subject {
        var serializations = 0
        var deserializations = 0

        override fun serialize(): Any? = subject.serialize().also { serializations++ }

        override fun deserialize(): Any? = subject.deserialize().also { deserializations++ }
    }

    /** The same calls as [CountedCalls], through other code: a path of its own. */
    private class OtherPath(subject: Subject) : Subject by subject {
        override val code: String get() = "another path"
    }

    @Test
    fun `only the first series of a codec's code in a JVM warms up for the least length, later sizes until steady`() {
        // a quiet JIT and JVM: the test's JVM, still compiling, would hold each warm-up for up to 1.2 s
        val benchmark =
            CodecBenchmark(repetitions = 4, warmup = 3, warmupMillis = 300, jitMillis = {
                0L
            }, jvmThreadsNanos = { 0L })
        val json = KotlinxJsonCodec().listCodec(Shapes.FLAT)
        val first = CountedCalls(Subject.ofList(json, objects))
        benchmark.run(cell, first)
        val later = CountedCalls(Subject.ofList(json, Shapes.FLAT.generate(1, 100)))
        benchmark.run(cell.copy(size = 100), later)
        val otherPath = CountedCalls(Subject.ofList(json, Shapes.FLAT.generate(1, 100)))
        benchmark.run(cell.copy(size = 100), OtherPath(otherPath))
        // 300 ms of calls of microseconds, against at most 3 warm-up calls and 4 timed (and 2 + 2 more after drift)
        val mostWithoutLeast = 3 + 4 + CodecBenchmark.MAX_REPEATS * 2
        assertThat(first.serializations).isGreaterThan(mostWithoutLeast)
        assertThat(later.serializations).isBetween(4, mostWithoutLeast)
        assertThat(otherPath.serializations).isGreaterThan(mostWithoutLeast)
    }

    @Test
    fun `a codec's warm-up on a shape is its code's least warm-up, so its first size then warms up until steady`() {
        val benchmark =
            CodecBenchmark(repetitions = 4, warmup = 3, warmupMillis = 300, jitMillis = {
                0L
            }, jvmThreadsNanos = { 0L })
        val json = KotlinxJsonCodec().listCodec(Shapes.FLAT)
        benchmark.warmUp(cell, Subject.ofList(json, objects), millis = 1)
        val first = CountedCalls(Subject.ofList(json, objects))
        benchmark.run(cell, first)
        val otherShape = CountedCalls(Subject.ofList(json, objects))
        benchmark.run(cell.copy(shape = "events"), otherShape)
        val mostWithoutLeast = 3 + 4 + CodecBenchmark.MAX_REPEATS * 2
        assertThat(first.serializations).isBetween(4, mostWithoutLeast)
        assertThat(first.deserializations).isBetween(4, mostWithoutLeast)
        assertThat(otherShape.serializations).isGreaterThan(mostWithoutLeast)
    }

    @Test
    fun `a codec that does not give its list back fails its first deserialization, naming the first differing index`() {
        val lossy = object : ListCodec<TestObject> {
            override fun encode(objects: List<TestObject>) = Payload.Text("")
            override fun decode(payload: Payload) = objects.take(3) + objects[0]
        }
        val timed = TimedCalls(Subject.ofList(lossy, objects))
        assertThatThrownBy { CodecBenchmark(repetitions = 2, warmup = 1, warmupMillis = 0).run(cell, timed) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage(
                "codec kotlinx-json, shape flat, N = 10: failed to deserialize: decoding its own payload gave a " +
                    "different list (4 objects, first difference at index 3)",
            )
        assertThat(timed.deserializations).describedAs("deserializations that returned a list").isZero()
    }

    @Test
    fun `the payload deserialized is the first serialization's, and a subject serialized first encodes no more`() {
        var encodings = 0
        val counting = object : ListCodec<TestObject> {
            val json = KotlinxJsonCodec().listCodec(Shapes.FLAT)
            override fun encode(objects: List<TestObject>) = json.encode(objects).also { encodings++ }
            override fun decode(payload: Payload) = json.decode(payload)
        }
        val subject = Subject.ofList(counting, objects)
        val first = subject.serialize() as Payload
        subject.serialize()
        subject.deserialize()
        assertThat(encodings).isEqualTo(2)
        assertThat(subject.payloadBytes).isEqualTo(first.sizeBytes)
        assertThat(encodings).isEqualTo(2)
    }

    @Test
    fun `a failing operation is reported with its cell and operation, and the cause kept`() {
        val failing = object : Subject {
            override val payloadBytes = 1
            override fun payloadContent() = ByteArray(1)
            override fun serialize(): Any? = throw IllegalArgumentException("boom")
            override fun deserialize(): Any? = null
        }
        assertThatThrownBy { CodecBenchmark(repetitions = 2, warmup = 1, warmupMillis = 0).run(cell, failing) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("codec kotlinx-json, shape flat, N = 10: failed to serialize: boom")
            .hasCauseInstanceOf(IllegalArgumentException::class.java)
    }
}
