package serialbench.codec

import kotlinx.serialization.KSerializer
import serialbench.data.Shape

/**
 * How a kotlinx.serialization codec carries [shape]: the [ListCodec] [make] builds over its serializer, or
 * "not supported" naming the class when it is not `@Serializable` (a user's own type, `bench.model`).
 */
fun <T : Any> kotlinxSupport(shape: Shape<T>, make: (KSerializer<T>) -> ListCodec<T>): ShapeSupport<T> {
    val serializer = shape.serializerOrNull
        ?: return ShapeSupport.Unsupported("${shape.elementClass.name} ${Shape.NOT_SERIALIZABLE}")
    return ShapeSupport.Supported(make(serializer))
}
