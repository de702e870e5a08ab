package serialbench.codec

import serialbench.data.Shape
import java.util.concurrent.ConcurrentHashMap

/** Whether a [Codec] carries a shape: the [ListCodec] that does, or the reason it cannot. */
sealed interface ShapeSupport<T : Any> {
    class Supported<T : Any>(val codec: ListCodec<T>) : ShapeSupport<T>

    class Unsupported<T : Any>(val reason: String) : ShapeSupport<T> {
        init {
            require(reason.isNotBlank()) { "an unsupported shape needs a reason" }
        }
    }
}

/** One [ShapeSupport] per shape id, made on first use: what a codec's [Codec.support] delegates to. */
internal class ShapeSupportCache(private val create: (Shape<*>) -> ShapeSupport<*>) {
    private val byShape = ConcurrentHashMap<String, ShapeSupport<*>>()

    @Suppress("UNCHECKED_CAST")
    fun <T : Any> get(shape: Shape<T>): ShapeSupport<T> =
        byShape.computeIfAbsent(shape.id) { create(shape) } as ShapeSupport<T>
}
