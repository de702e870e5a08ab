package serialbench.codecs.kryo

import com.esotericsoftware.kryo.Kryo
import com.esotericsoftware.kryo.KryoException
import com.esotericsoftware.kryo.io.Output
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy
import com.esotericsoftware.kryo.util.Pool
import org.objenesis.strategy.StdInstantiatorStrategy
import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.asBytes
import serialbench.codec.listsOrDocument
import serialbench.data.Shape

/**
 * Kryo 5, configured as its documentation advises for speed and safety: class registration required (every class a
 * shape may hold is registered up front, in registry order, so the payload carries small ids and no class names),
 * references off (its default), Objenesis to build the Kotlin data classes, which have no no-argument constructor.
 * A [Kryo] instance is not thread safe: instances come from a [Pool], one per concurrent call.
 *
 * A payload is the element count, then each element as Kryo's `writeObject` writes it (no class id: the shape's
 * element class is known), and nothing after: trailing bytes are refused. Kotlin's lists and maps (`listOf`,
 * `emptyList`, `mapOf`, ...) are classes of their own, registered too; they are read back as `ArrayList` and
 * `LinkedHashMap`, equal by content.
 *
 * Kryo allocates what a count in the payload declares (a list's capacity, a string's characters, a byte array)
 * before it reads the content, so one damaged count would ask for gigabytes. [BoundedInput] and
 * [BoundedCollections] refuse a count larger than the bytes left, which every real payload satisfies (each
 * element, character or byte takes at least one). That check needs the payload's length, so this codec has no
 * stream API of its own: the stream and file paths go through bytes (adapted).
 */
class KryoCodec(private val classes: List<Class<*>>) : Codec {
    private val pool = object : Pool<Kryo>(true, false, MAX_POOLED) {
        override fun create(): Kryo = newKryo(classes)
    }
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Kryo"
    override val binding: String
        get() = "registration required: every class of the data's object graph registered up front; Objenesis " +
            "where a class has no no-argument constructor"
    override val format: Codec.Format get() = Codec.Format.BINARY

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    private inline fun <R> withKryo(block: (Kryo) -> R): R {
        val kryo = pool.obtain()
        try {
            return block(kryo)
        } finally {
            pool.free(kryo)
        }
    }

    private inner class Lists<T : Any>(private val shape: Shape<T>) : ListCodec<T> {
        private val elementClass = shape.elementClass

        override fun encode(objects: List<T>): Payload = withKryo { kryo ->
            val output = Output(INITIAL_BUFFER_BYTES, -1)
            output.writeVarInt(objects.size, true)
            for (element in objects) kryo.writeObject(output, element)
            Payload.Binary(output.toBytes())
        }

        override fun decode(payload: Payload): List<T> {
            val bytes = payload.asBytes(ID)
            return try {
                withKryo { kryo -> read(kryo, BoundedInput(bytes)) }
            } catch (e: KryoException) {
                throw IllegalArgumentException(
                    "codec $ID, shape ${shape.id}: cannot decode ${bytes.size} bytes: ${e.message}",
                    e,
                )
            }
        }

        private fun read(kryo: Kryo, input: BoundedInput): List<T> {
            val count = input.readVarInt(true)
            input.checkDeclared(count, "elements")
            val elements = ArrayList<T>(count)
            repeat(count) { elements += kryo.readObject(input, elementClass) }
            if (input.position() != input.limit()) {
                throw KryoException(
                    "${input.limit() - input.position()} bytes after the last of $count elements, at byte " +
                        "${input.position()}",
                )
            }
            return elements
        }
    }

    private inner class Document<T : Any>(private val shape: Shape<T>) : DocumentCodec<T> {
        override fun encodeDocument(document: T): Payload = withKryo { kryo ->
            val output = Output(INITIAL_BUFFER_BYTES, -1)
            kryo.writeObject(output, document)
            Payload.Binary(output.toBytes())
        }

        override fun decodeDocument(payload: Payload): T {
            val bytes = payload.asBytes(ID)
            return try {
                withKryo { kryo ->
                    val input = BoundedInput(bytes)
                    kryo.readObject(input, shape.elementClass).also {
                        if (input.position() != input.limit()) {
                            throw KryoException("${input.limit() - input.position()} bytes after the document")
                        }
                    }
                }
            } catch (e: KryoException) {
                throw IllegalArgumentException(
                    "codec $ID, shape ${shape.id}: cannot decode ${bytes.size} bytes: ${e.message}",
                    e,
                )
            }
        }
    }

    companion object {
        const val ID = "kryo"

        /** Instances kept for reuse; more concurrent calls create more, which are dropped when returned. */
        private const val MAX_POOLED = 16
        private const val INITIAL_BUFFER_BYTES = 4096

        private fun newKryo(classes: List<Class<*>>): Kryo = Kryo().apply {
            isRegistrationRequired = true
            instantiatorStrategy = DefaultInstantiatorStrategy(StdInstantiatorStrategy())
            register(ByteArray::class.java)
            // Registration order fixes the ids in the payload: every shape's classes, in registry order.
            for (type in classes) register(type)
            val lists = BoundedCollections.Lists()
            for (type in listOf(
                ArrayList::class.java,
                emptyList<Any>().javaClass,
                listOf(1).javaClass,
                listOf(1, 2).javaClass,
            )) {
                register(type, lists)
            }
            val maps = BoundedCollections.Maps()
            for (type in listOf(
                LinkedHashMap::class.java,
                HashMap::class.java,
                emptyMap<Any, Any>().javaClass,
                mapOf(1 to 1).javaClass,
            )) {
                register(type, maps)
            }
        }
    }
}
