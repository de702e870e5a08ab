package serialbench.codec

import serialbench.data.Shape
import serialbench.results.DataChange
import java.util.concurrent.ConcurrentHashMap

/** Whether a [Codec] carries a shape: the [ListCodec] that does, or the reason it cannot. */
sealed interface ShapeSupport<T : Any> {
    /** Carried by [codec]; [dataChange] is how it changes the data where the shape checks that ([CodecCheck]). */
    class Supported<T : Any>(val codec: ListCodec<T>, val dataChange: DataChange? = null) : ShapeSupport<T>

    class Unsupported<T : Any>(val reason: String) : ShapeSupport<T> {
        init {
            require(reason.isNotBlank()) { "an unsupported shape needs a reason" }
        }
    }
}

/**
 * One [ShapeSupport] per shape id, made on first use: what a codec's [Codec.support] delegates to. A shape with a
 * [CodecCheck] has it run here, once per codec instance, on what [create] supports; where [create] itself fails on
 * such a shape, the codec does not support it, with the library's message.
 */
internal class ShapeSupportCache(private val create: (Shape<*>) -> ShapeSupport<*>) {
    private val byShape = ConcurrentHashMap<String, ShapeSupport<*>>()

    @Suppress("UNCHECKED_CAST")
    fun <T : Any> get(codec: Codec, shape: Shape<T>): ShapeSupport<T> =
        byShape.computeIfAbsent(shape.id) { checked(codec, shape) } as ShapeSupport<T>

    @Suppress("UNCHECKED_CAST")
    private fun checked(codec: Codec, shape: Shape<*>): ShapeSupport<*> {
        val check = shape.extension(CodecCheck.KEY) ?: return create(shape)
        // a library that cannot bind the type may refuse it as its list codec is made (Moshi's adapters)
        val support = try {
            create(shape)
        } catch (e: Exception) {
            return ShapeSupport.Unsupported<Any>(CodecCheck.failure("binding the type", e))
        }
        if (support !is ShapeSupport.Supported) return support
        return when (val outcome = check.check(codec, support.codec as ListCodec<Any>)) {
            is CodecCheck.Outcome.Kept -> ShapeSupport.Supported(support.codec, outcome.change)
            is CodecCheck.Outcome.Fails -> ShapeSupport.Unsupported<Any>(outcome.reason)
        }
    }
}
