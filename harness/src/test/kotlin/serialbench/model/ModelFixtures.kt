package serialbench.model

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import java.io.File
import java.math.BigDecimal
import javax.tools.ToolProvider

/** A user's type for the tests: an invoice with a `BigDecimal`, an enum, a list and a nullable nested object. */
@Serializable
data class Invoice(
    val id: String,
    @Serializable(with = DecimalText::class) val amount: BigDecimal,
    val status: InvoiceStatus,
    val lines: List<InvoiceLine>,
    val customer: Customer? = null,
)

@Serializable
enum class InvoiceStatus { OPEN, PAID }

@Serializable
data class InvoiceLine(val sku: String, val quantity: Int)

@Serializable
data class Customer(val name: String)

/** A reading whose sign of zero some JSON libraries lose; a creator for those that look for one. */
@Serializable
data class Reading @JsonCreator constructor(val value: Double)

/** Not instantiable by any library. */
interface Unbuildable

/** A `BigDecimal` as its plain text, scale kept. */
object DecimalText : KSerializer<BigDecimal> {
    override val descriptor = PrimitiveSerialDescriptor("DecimalText", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: BigDecimal) = encoder.encodeString(value.toPlainString())

    override fun deserialize(decoder: Decoder): BigDecimal = BigDecimal(decoder.decodeString())
}

/** Three invoices as kotlinx `Json` writes them: the second without a customer. */
const val INVOICES_JSON = """[{"id":"a","amount":"12.50","status":"OPEN","lines":[{"sku":"x","quantity":2}],""" +
    """"customer":{"name":"Zoë"}},{"id":"b","amount":"3","status":"PAID","lines":[]},""" +
    """{"id":"c","amount":"0.10","status":"PAID","lines":[{"sku":"y","quantity":1},{"sku":"z","quantity":5}],""" +
    """"customer":{"name":"Ola"}}]"""

/**
 * A plain Java class `ext.Note` (public fields, a no-argument constructor, `equals`), compiled into [directory]:
 * a class that is on no classpath of the tests, only in the folder given as `bench.classpath`.
 */
fun compileNote(directory: File): File = compileJava(
    directory,
    "ext.Note",
    """
    package ext;
    public class Note {
        public String text;
        public int stars;
        public Note() {}
        @Override public boolean equals(Object o) {
            return o instanceof Note && java.util.Objects.equals(((Note) o).text, text) && ((Note) o).stars == stars;
        }
        @Override public int hashCode() { return java.util.Objects.hash(text, stars); }
    }
    """.trimIndent(),
)

/** The Java class [className] of [source], compiled into `classes` under [directory], which is returned. */
fun compileJava(directory: File, className: String, source: String): File {
    val file = File(directory, "src/${className.replace('.', '/')}.java").apply { parentFile.mkdirs() }
    file.writeText(source)
    val classes = File(directory, "classes").apply { mkdirs() }
    val compiler = checkNotNull(ToolProvider.getSystemJavaCompiler()) { "the tests need a JDK's compiler" }
    check(compiler.run(null, null, null, "-d", classes.path, file.path) == 0) { "javac failed on $file" }
    return classes
}

/** A user's class whose static initializer throws, as one that reads a configuration the benchmark lacks. */
class Unloadable(val id: Int = 0) {
    companion object {
        init {
            check(System.getProperty("serialbench.test.unloadable") != null) { "no configuration for Unloadable" }
        }
    }
}

/** A loadable class holding one whose static initializer throws: it fails while the file is decoded. */
data class HoldsUnloadable(val part: UnloadablePart? = null)

/** The part of [HoldsUnloadable] whose static initializer throws. */
class UnloadablePart(val id: Int = 0) {
    companion object {
        init {
            check(System.getProperty("serialbench.test.unloadable") != null) { "no configuration for UnloadablePart" }
        }
    }
}

/** A plain class, not `@Serializable`: Jackson decodes the file into it. */
data class Tally(val name: String = "", val count: Int = 0)
