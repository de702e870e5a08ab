package serialbench.codecs.fory

import org.apache.fory.Fory
import org.apache.fory.ThreadSafeFory
import org.apache.fory.config.Language
import org.apache.fory.io.ForyInputStream
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.StreamApi
import serialbench.codec.asBytes
import serialbench.codec.checkedDocument
import serialbench.codec.checkedElements
import serialbench.codec.listsOrDocument
import serialbench.data.Shape
import java.io.InputStream
import java.io.OutputStream

/**
 * Apache Fory, configured for speed as its documentation advises: class registration required (every class
 * that may appear in any shape, [classes], is registered up front, which also keeps the payload free of class names),
 * JIT code generation on, one thread-safe instance reused. Its one-time code generation happens on the first call. Its
 * own stream API is `serialize(OutputStream, obj)` and `deserialize(ForyInputStream)`.
 */
class ForyCodec(classes: List<Class<*>>) : Codec {
    private val fory: ThreadSafeFory = Fory.builder()
        .withLanguage(Language.JAVA)
        .requireClassRegistration(true)
        .withCodegen(true)
        .buildThreadSafeFory()
        .apply {
            // Registration order fixes the ids in the payload: every shape's classes, in registry order.
            for (type in classes) register(type)
            // Kotlin's emptyList() and the JDK lists Kotlin hands out are classes of their own.
            register(emptyList<Any>().javaClass)
            register(listOf(1, 2).javaClass)
            register(listOf(1).javaClass)
            // ... and so are the maps Kotlin hands out (mapOf with more entries is a LinkedHashMap).
            register(emptyMap<Any, Any>().javaClass)
            register(mapOf(1 to 1).javaClass)
        }
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Apache Fory"
    override val binding: String
        get() = "class registration required: every class of the data's object graph registered up front; JIT code " +
            "generation"
    override val format: Codec.Format get() = Codec.Format.BINARY

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        StreamApi<T> {
        override fun encode(objects: List<T>): Payload = Payload.Binary(fory.serialize(objects))

        override fun decode(payload: Payload): List<T> = list(fory.deserialize(payload.asBytes(ID)))

        override fun encodeTo(objects: List<T>, output: OutputStream) = fory.serialize(output, objects)

        override fun decodeFrom(input: InputStream): List<T> = list(fory.deserialize(ForyInputStream(input)))

        private fun list(decoded: Any?): List<T> {
            require(decoded is List<*>) { "codec $ID: payload holds ${decoded?.javaClass?.name}, not a list" }
            // Fory builds whatever classes the payload declares: a corrupt one can declare another element class.
            return checkedElements(ID, shape, decoded)
        }
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = Payload.Binary(fory.serialize(document))

        // Fory builds whatever class the payload declares: a corrupt one can declare another.
        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, fory.deserialize(payload.asBytes(ID)))
    }

    companion object {
        const val ID = "fory"
    }
}
