package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.model.INVOICES_JSON
import serialbench.model.Invoice
import serialbench.model.ModelException
import serialbench.model.Reading
import serialbench.model.compileNote
import serialbench.report.MarkdownReport
import serialbench.results.DataChange
import serialbench.results.Operation
import java.io.File
import java.util.concurrent.TimeUnit

/** `bench.model` end to end: short runs on the user's classes, in this JVM and in a fork. Correctness only. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ModelRunTest {
    @TempDir
    lateinit var directory: File

    private fun config(model: String, file: File, vararg codecs: String, extra: Map<String, String> = emptyMap()) =
        BenchConfig.from(
            mapOf(
                "bench.repetitions" to "3",
                "bench.warmup" to "1",
                "bench.warmupMillis" to "1",
                "bench.threads" to "2",
                "bench.codecs" to codecs.joinToString(","),
                "bench.forks" to "0",
                "bench.model" to model,
                "bench.input" to file.path,
            ) + extra,
        )

    private fun write(name: String, text: String) = File(directory, name).apply { writeText(text) }

    @Test
    fun `a file too large for the heap is refused by tree mode's rule before the model's file is read`() {
        val file = File(directory, "huge.json")
        java.io.RandomAccessFile(file, "rw").use { it.setLength(1L shl 30) } // sparse: nothing written to disk
        assertThatThrownBy { BenchmarkRun(config(Invoice::class.java.name, file, "jackson")) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("bench.input='${file.path}' (1,073,741,824 bytes on disk, not read) needs about")
            .hasMessageContaining("use a smaller file or raise -Xmx (bench.jvmArgs)")
    }

    @Test
    fun `every codec that binds the class is measured on the file's objects, the others say why not`() {
        val file = write("invoices.json", INVOICES_JSON)
        val codecs =
            arrayOf(
                "kotlinx-json",
                "kotlinx-json-parallel",
                "kotlinx-protobuf",
                "jackson3",
                "kryo",
                "protobuf",
                "moshi",
            )
        val results = BenchmarkRun(config(Invoice::class.java.name, file, *codecs)).run()

        val measured = listOf("kotlinx-json", "kotlinx-json-parallel", "kotlinx-protobuf", "jackson3", "kryo")
        assertThat(results.results.map { it.codec to it.operation }).containsExactlyInAnyOrderElementsOf(
            measured.flatMap { codec -> Operation.entries.map { codec to it } },
        )
        assertThat(results.results).allSatisfy { row ->
            assertThat(row.shape).isEqualTo("model:Invoice")
            assertThat(row.size).isEqualTo(3)
            assertThat(row.dataChange).describedAs(row.codec).isNull()
        }
        assertThat(results.unsupported.map { it.codec to it.shape })
            .containsExactly("protobuf" to "model:Invoice", "moshi" to "model:Invoice")
        assertThat(results.unsupported[0].reason).contains("no .proto message")
        assertThat(results.unsupported[1].reason).isEqualTo(
            "its library fails binding the type: IllegalArgumentException: Platform class java.math.BigDecimal " +
                "requires explicit JsonAdapter to be registered",
        )
        val model = checkNotNull(results.method).shapes.single().model!!
        assertThat(model.className).isEqualTo(Invoice::class.java.name)
        assertThat(model.referenceCodec).isEqualTo("kotlinx-json")
        assertThat(model.bindings.keys).containsExactlyElementsOf(measured)
        assertThat(model.bindings["kryo"]).contains("object graph registered")
        assertThat(results.coldStart.map { it.codec }).containsExactlyElementsOf(measured)

        assertThat(MarkdownReport.render(results)).contains(
            "- Your class `${Invoice::class.java.name}` (`model:Invoice`), on the file `invoices.json`",
            "## Data kept",
            "| `kryo`                  | kept |",
            "## How each codec binds `Invoice`",
        )
    }

    @Test
    fun `a codec that changes the data is measured with the first change and where it happened`() {
        val file = write("readings.json", """[{"value":-0.0},{"value":1.5}]""")
        val results = BenchmarkRun(config(Reading::class.java.name, file, "kotlinx-json", "dsl-json", "moshi")).run()

        val changes = results.results.associate { it.codec to it.dataChange }
        assertThat(changes).containsEntry("kotlinx-json", null)
        assertThat(changes["dsl-json"]).isEqualTo(
            DataChange("$[0].value", "encoded and decoded back: -0.0 became 0.0", 1),
        )
        assertThat(changes).containsEntry("moshi", null)
        assertThat(results.unsupported).isEmpty()
    }

    @Test
    fun `a class from a bench classpath folder is measured by the reflective codecs and refused by kotlinx`() {
        val classes = compileNote(directory)
        val file = write("notes.json", """[{"text":"fine","stars":4},{"text":"meh","stars":2}]""")
        val config = config(
            "ext.Note",
            file,
            "kotlinx-json",
            "jackson",
            "gson",
            "fory",
            extra = mapOf("bench.classpath" to classes.path),
        )
        val results = BenchmarkRun(config).run()

        assertThat(results.results.map { it.codec }.distinct()).containsExactly("jackson", "gson", "fory")
        assertThat(results.unsupported.single { it.codec == "kotlinx-json" }.reason)
            .isEqualTo("ext.Note is not @Serializable: kotlinx.serialization finds no serializer for it")
    }

    @Test
    fun `a type no codec of the run can bind is refused before anything is timed, with each codec's reason`() {
        val file = write("invoices.json", INVOICES_JSON)
        assertThatThrownBy { BenchmarkRun(config(Invoice::class.java.name, file, "protobuf", "fory-json")).run() }
            .isInstanceOf(ModelException::class.java)
            .message()
            .contains(
                "no codec of bench.codecs=protobuf,fory-json can measure ${Invoice::class.java.name}",
                "protobuf: no .proto message",
                "fory-json: no Fory JSON mixins",
            )
    }

    @Test
    fun `a fork loads the class from the same options and measures it there`() {
        val file = write("invoices.json", INVOICES_JSON)
        val config = config(Invoice::class.java.name, file, "kotlinx-json", extra = mapOf("bench.forks" to "1"))
        val results = BenchmarkRun(config).run()

        assertThat(results.results.map { it.shape to it.forks }.distinct()).containsExactly("model:Invoice" to 1)
        assertThat(results.coldStart.single().shape).isEqualTo("model:Invoice")
    }
}
