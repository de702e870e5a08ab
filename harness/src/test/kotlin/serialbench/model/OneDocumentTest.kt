package serialbench.model

import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.codec.Codec
import serialbench.codec.DocumentAsList
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.codecs.fastjson2parallel.Fastjson2ParallelCodec
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.codecs.paralleljson.ParallelJsonCodec
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.measure.Subject
import serialbench.run.BenchConfig
import serialbench.shapes.Shapes
import java.io.File
import java.math.BigDecimal

/** A `bench.model` file whose top level is an object is measured as the document itself by every codec binding it. */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OneDocumentTest {
    @TempDir
    lateinit var directory: File

    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val invoice = Invoice("a", BigDecimal("12.50"), InvoiceStatus.OPEN, listOf(InvoiceLine("x", 2)))

    @AfterAll
    fun close() = codecs.forEach { it.close() }

    private fun oneDocument(document: Invoice = invoice): Shape<Any> {
        val file = File(directory, "one.json").apply { writeText(Json.encodeToString(Invoice.serializer(), document)) }
        val settings = BenchConfig.from(
            mapOf("bench.model" to Invoice::class.java.name, "bench.input" to file.path),
        ).shapeSettings
        @Suppress("UNCHECKED_CAST")
        return Shapes.byId("model:Invoice", settings) as Shape<Any>
    }

    private fun supported(shape: Shape<Any>) = codecs.mapNotNull { codec ->
        (codec.support(shape) as? ShapeSupport.Supported)?.let { codec to it.codec }
    }

    @Test
    fun `every codec that binds the type carries the document itself, and reads it back`() {
        val shape = oneDocument()
        assertThat(shape.isOneDocument).isTrue()
        val supported = supported(shape)
        assertThat(supported.map { it.first.id }).contains(KotlinxJsonCodec.ID, ParallelJsonCodec.ID, "jackson")
        for ((codec, lists) in supported) {
            assertThat(lists).describedAs(codec.id).isInstanceOf(DocumentAsList::class.java)
            val payload = lists.encode(listOf(invoice))
            if (codec.format == Codec.Format.JSON) {
                assertThat(payload.toText()).describedAs(codec.id).startsWith("{").endsWith("}")
            }
            assertThat(lists.decode(payload)).describedAs(codec.id).containsExactly(invoice)
        }
    }

    @Test
    fun `ParallelJson writes exactly what Json writes for the document, with no brackets to add or cut`() {
        val shape = oneDocument()
        val byCodec = supported(shape).toMap().mapKeys { it.key.id }
        val expected = Json.encodeToString(Invoice.serializer(), invoice)
        assertThat(byCodec.getValue(ParallelJsonCodec.ID).encode(listOf(invoice)).toText()).isEqualTo(expected)
        assertThat(byCodec.getValue(KotlinxJsonCodec.ID).encode(listOf(invoice)).toText()).isEqualTo(expected)
    }

    @Test
    fun `fastjson2-parallel writes exactly what fastjson2 writes for the document`() {
        val byCodec = supported(oneDocument()).toMap().mapKeys { it.key.id }
        val expected = byCodec.getValue(Fastjson2Codec.ID).encode(listOf(invoice)).toText()
        assertThat(byCodec.getValue(Fastjson2ParallelCodec.ID).encode(listOf(invoice)).toText()).isEqualTo(expected)
    }

    @Test
    fun `the parallel codecs count their choice for the document's large member, one a call each way`() {
        val large = invoice.copy(lines = List(20_000) { InvoiceLine("line $it", it) })
        val shape = oneDocument(large)
        val byCodec = supported(shape).toMap().mapKeys { it.key.id }
        for (id in listOf(ParallelJsonCodec.ID, Fastjson2ParallelCodec.ID)) {
            val subject = Subject.ofList(byCodec.getValue(id), listOf(large))
            val splits = checkNotNull(subject.splits) { "$id counts no split choices of a document" }
            // The counts are the codec's since it was made (its check of the shape wrote and read the document).
            val encodedBefore = splits.encoded()
            val decodedBefore = splits.decoded()
            repeat(3) { subject.serialize() }
            repeat(2) { subject.deserialize() }
            assertThat((splits.encoded() - encodedBefore).let { it.split + it.whole }).describedAs(id).isEqualTo(3L)
            assertThat((splits.decoded() - decodedBefore).let { it.split + it.whole }).describedAs(id).isEqualTo(2L)
        }
        assertThat(Subject.ofList(byCodec.getValue(KotlinxJsonCodec.ID), listOf(large)).splits).isNull()
    }

    @Test
    fun `a list of more than one document is refused naming bench_sizes`() {
        val shape = oneDocument()
        val lists = supported(shape).first { it.first.id == KotlinxJsonCodec.ID }.second
        assertThatThrownBy { lists.encode(listOf(invoice, invoice)) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageContaining("bench.sizes")
    }
}
