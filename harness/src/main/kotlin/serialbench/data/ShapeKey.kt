package serialbench.data

/**
 * A kind of thing a shape may supply to a codec or decoder that cannot work from its serializer and classes
 * alone: its protobuf mapping, its hand-written token loop. The codec declares the key; each shape that has such
 * a thing registers it under the key ([Shape.extension]); the codec asks the shape, and a shape without it is
 * not supported there. [name] says what it is, for messages.
 */
class ShapeKey<E : Any>(val name: String) {
    override fun toString(): String = name
}
