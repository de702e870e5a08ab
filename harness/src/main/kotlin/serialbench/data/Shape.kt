package serialbench.data

import kotlinx.serialization.KSerializer
import serialbench.config.Option

/**
 * A data model the benchmark measures: lists of [elementClass], generated from a seed.
 *
 * A shape carries what each library needs to handle its elements without knowing them in advance: the
 * kotlinx [serializer], the [elementClass] for reflective libraries, and every class an element can hold
 * ([classes], for libraries that register classes up front, such as Fory).
 *
 * A shape whose data depends on a setting declares it among its [options] (`upload`: its content size); the run
 * reads them with its other options and makes the shape with their values ([ShapeSettings]).
 *
 * Contract: [generate] with the same seed and count returns equal lists on every machine, and the first `k`
 * elements of any call are the same whatever the count. Instances are immutable and thread safe.
 */
class Shape<T : Any>(
    /** Stable identifier used on the command line (`bench.shapes`) and in the results file. */
    val id: String,
    /** One sentence for the report: what an element holds and how big it is. */
    val description: String,
    val elementClass: Class<T>,
    /** The kotlinx serializer of [elementClass]; null when the class is not `@Serializable` (see [serializer]). */
    val serializerOrNull: KSerializer<T>?,
    /** Sizes (elements per list) measured when `bench.sizes` is not given. */
    val defaultSizes: List<Int>,
    /** Every class an element may contain, [elementClass] first. */
    val classes: List<Class<*>>,
    /** A rough upper bound of the heap one element takes once decoded, used to refuse sizes that cannot fit. */
    val heapBytesPerElement: Long,
    /** Elements that break naive encoders and splitters, for the correctness tests. */
    val adversarial: List<T>,
    /** What particular codecs and decoders get for this shape, by [ShapeKey]: see [extension], [withExtensions]. */
    private val extensions: Map<ShapeKey<*>, Any> = emptyMap(),
    /** The options that change what [generate] makes, beyond the seed and the count. */
    val options: List<Option<*>> = emptyList(),
    private val generator: (seed: Long, count: Int) -> List<T>,
) {
    init {
        require(id.isNotBlank()) { "blank shape id" }
        require(defaultSizes.isNotEmpty() && defaultSizes.all { it > 0 }) {
            "shape $id: bad default sizes $defaultSizes"
        }
        require(heapBytesPerElement > 0) { "shape $id: heapBytesPerElement <= 0: $heapBytesPerElement" }
    }

    /** The kotlinx serializer of [elementClass]; fails naming the class where it is not `@Serializable`. */
    val serializer: KSerializer<T>
        get() = serializerOrNull ?: throw IllegalStateException("shape $id: ${elementClass.name} $NOT_SERIALIZABLE")

    /** [count] elements made from [seed]. */
    fun generate(seed: Long, count: Int): List<T> {
        require(count >= 0) { "shape $id: count < 0: $count" }
        return generator(seed, count)
    }

    /** This shape with [added] supplied to codecs besides what it has: how `serialbench.bindings` binds it. */
    fun withExtensions(added: Map<ShapeKey<*>, Any>): Shape<T> = Shape(
        id, description, elementClass, serializerOrNull, defaultSizes, classes, heapBytesPerElement, adversarial,
        extensions + added, options, generator,
    )

    /** This shape without what it had under [key]. */
    fun without(key: ShapeKey<*>): Shape<T> = Shape(
        id, description, elementClass, serializerOrNull, defaultSizes, classes, heapBytesPerElement, adversarial,
        extensions - key, options, generator,
    )

    /** What is bound to this shape under [key], or null where nothing is (the codec then does not support it). */
    @Suppress("UNCHECKED_CAST")
    fun <E : Any> extension(key: ShapeKey<E>): E? = extensions[key] as E?

    override fun toString(): String = id

    companion object {
        /** Why the kotlinx codecs do not carry a shape without a serializer. */
        const val NOT_SERIALIZABLE = "is not @Serializable: kotlinx.serialization finds no serializer for it"
    }
}
