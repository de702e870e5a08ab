package serialbench.parallel.internal.engine

/**
 * What a split part's elements are gathered into, slice after slice in order, while later slices are still read
 * ([ListEngine.gather]): an object's members into the map kotlinx makes of the whole object. Used by one thread at a
 * time.
 */
internal interface PartGather<T> {
    /** The elements of the next slice. */
    fun add(slice: List<T>)

    /** The part's elements, as [ListEngine.decodeList] gives those of the whole part. */
    fun result(): List<T>
}
