package serialbench.model

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import serialbench.codec.CodecCheck
import serialbench.run.BenchConfig
import serialbench.shapes.Shapes
import java.io.File
import java.math.BigDecimal

/** `bench.model`: the user's class found, loaded and made a shape of the file's data, or refused with the reason. */
class ModelShapesTest {
    @TempDir
    lateinit var directory: File

    private fun write(name: String, text: String) = File(directory, name).apply { writeText(text) }

    private fun settings(vararg options: Pair<String, String>) = BenchConfig.from(mapOf(*options)).shapeSettings

    @Test
    fun `a Serializable class becomes a shape of the file's elements as kotlinx Json decodes them`() {
        val file = write("invoices.json", INVOICES_JSON)
        val settings = settings("bench.model" to Invoice::class.java.name, "bench.input" to file.path)

        val shape = Shapes.byId("model:Invoice", settings)

        assertThat(shape.id).isEqualTo("model:Invoice")
        assertThat(shape.elementClass).isEqualTo(Invoice::class.java)
        assertThat(shape.defaultSizes).containsExactly(3)
        val elements = shape.generate(0, 3)
        assertThat(elements.map { (it as Invoice).id }).containsExactly("a", "b", "c")
        assertThat((elements[0] as Invoice).amount).isEqualTo(BigDecimal("12.50"))
        assertThat(shape.generate(0, 7).map { (it as Invoice).id }).containsExactly("a", "b", "c", "a", "b", "c", "a")
        assertThat(shape.classes).startsWith(Invoice::class.java).contains(
            InvoiceLine::class.java,
            Customer::class.java,
            InvoiceStatus::class.java,
            BigDecimal::class.java,
        )
        assertThat(shape.extension(ModelShapes.SAMPLE)!!.referenceCodec).isEqualTo("kotlinx-json")
        assertThat(shape.extension(CodecCheck.KEY)).isNotNull()
        assertThat(Shapes.byId("model:Invoice", settings)).describedAs("made once per JVM").isSameAs(shape)
    }

    @Test
    fun `an object at the top level is one document, a list of one`() {
        val file = write("one.json", """{"id":"a","amount":"1","status":"OPEN","lines":[]}""")
        val shape = Shapes.byId(
            "model:Invoice",
            settings("bench.model" to Invoice::class.java.name, "bench.input" to file.path),
        )

        assertThat(shape.defaultSizes).containsExactly(1)
        assertThat(shape.generate(0, 1)).containsExactly(Invoice("a", BigDecimal.ONE, InvoiceStatus.OPEN, emptyList()))
        assertThat(shape.extension(ModelShapes.SAMPLE)!!.listText).startsWith("[{").endsWith("}]")
    }

    @Test
    fun `a class only in a bench classpath folder is loaded from it and, not Serializable, decoded by Jackson`() {
        val classes = compileNote(directory)
        val file = write("notes.json", """[{"text":"fine","stars":4},{"text":"meh","stars":2}]""")
        val shape = Shapes.byId(
            "model:Note",
            settings("bench.model" to "ext.Note", "bench.input" to file.path, "bench.classpath" to classes.path),
        )

        assertThat(shape.elementClass.name).isEqualTo("ext.Note")
        assertThat(shape.elementClass.classLoader).isNotEqualTo(javaClass.classLoader)
        assertThat(shape.serializerOrNull).isNull()
        assertThat(shape.generate(0, 2).map { it.javaClass.getField("text").get(it) }).containsExactly("fine", "meh")
        assertThat(shape.extension(ModelShapes.SAMPLE)!!.referenceCodec).isEqualTo("jackson")
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    fun `a model that cannot be measured is refused before anything runs, naming what is wrong`(
        case: String,
        model: String,
        json: String?,
        expected: List<String>,
    ) {
        val options = listOfNotNull(
            "bench.model" to model,
            json?.let { "bench.input" to write("data.json", it).path },
        )
        assertThatThrownBy {
            val settings = settings(*options.toTypedArray())
            Shapes.byId(checkNotNull(ModelShapes.idOf(settings)), settings)
        }.isInstanceOf(IllegalArgumentException::class.java).message().contains(expected)
    }

    @Test
    fun `an object at the top level that does not match the type is refused at the file's own offset and path`() {
        val invoice = write("invoice.json", """{"id":"a","amount":"1","status":"OPEN","lines":{}}""")
        assertThatThrownBy {
            Shapes.byId(
                "model:Invoice",
                settings("bench.model" to Invoice::class.java.name, "bench.input" to invoice.path),
            )
        }.isInstanceOf(IllegalArgumentException::class.java).message()
            .contains("does not match bench.model=${Invoice::class.java.name}", "at offset 47", "at path: $.lines")
            .doesNotContain("$[0]")
        val tally = write("tally.json", """{"name":"a","count":"many"}""")
        assertThatThrownBy {
            Shapes.byId("model:Tally", settings("bench.model" to Tally::class.java.name, "bench.input" to tally.path))
        }.isInstanceOf(IllegalArgumentException::class.java).message()
            .contains("does not match bench.model=${Tally::class.java.name}: jackson", "line: 1, column: 21")
            .doesNotContain("ArrayList")
    }

    @Test
    fun `a bench classpath entry that does not exist is refused with its path`() {
        val missing = File(directory, "no-such-folder")
        assertThatThrownBy { settings("bench.classpath" to "${directory.path}${File.pathSeparator}${missing.path}") }
            .isInstanceOf(IllegalArgumentException::class.java)
            .message()
            .contains("bench.classpath=", "the entry '${missing.path}' does not exist", missing.absolutePath)
    }

    @Test
    fun `a bench classpath jar that is not a zip file is refused naming the entry, not the class`() {
        val broken = write("broken.jar", "not a zip")
        assertThatThrownBy { settings("bench.classpath" to broken.path) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .message()
            .startsWith("bench.classpath='${broken.path}': the entry '${broken.path}' is not a readable jar (")
            .endsWith("allowed: existing folders and jars (zip files), separated by '${File.pathSeparator}'")
    }

    companion object {
        @JvmStatic
        fun refusals() = listOf(
            arrayOf(
                "an unknown class",
                "com.example.NoSuchOrder",
                "[]",
                listOf("bench.model='com.example.NoSuchOrder': no such class", "bench.classpath is not given"),
            ),
            arrayOf(
                "a file that does not match the type",
                Invoice::class.java.name,
                """[{"id":"a","amount":"1","status":"OPEN","lines":{}}]""",
                listOf("does not match bench.model=${Invoice::class.java.name}", "kotlinx-json", "at offset 48"),
            ),
            arrayOf(
                "a value the type does not have",
                Invoice::class.java.name,
                """[{"id":"a","amount":"1","status":"LOST","lines":[]}]""",
                listOf("does not contain element with name 'LOST' at path $[0].status"),
            ),
            arrayOf(
                "an interface",
                Unbuildable::class.java.name,
                "[{}]",
                listOf("is not a class a library can build: an interface that is neither a @Serializable sealed type"),
            ),
            arrayOf(
                "an empty array",
                Invoice::class.java.name,
                "[]",
                listOf("is an empty array: there is nothing to measure"),
            ),
            arrayOf(
                "a class whose static initializer throws",
                Unloadable::class.java.name,
                "[{}]",
                listOf(
                    "bench.model='${Unloadable::class.java.name}': its static initializer throws " +
                        "java.lang.IllegalStateException: no configuration for Unloadable at ",
                ),
            ),
            arrayOf(
                "a class of the objects whose static initializer throws",
                HoldsUnloadable::class.java.name,
                """[{"part":{"id":1}}]""",
                listOf(
                    "cannot be read as bench.model=${HoldsUnloadable::class.java.name}: a class of its objects fails " +
                        "to load: its static initializer throws java.lang.IllegalStateException: no configuration " +
                        "for UnloadablePart",
                ),
            ),
            arrayOf(
                "a model without a file",
                Invoice::class.java.name,
                null,
                listOf("bench.model='${Invoice::class.java.name}' needs bench.input"),
            ),
        )
    }
}
