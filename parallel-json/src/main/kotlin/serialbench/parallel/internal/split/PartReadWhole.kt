package serialbench.parallel.internal.split

/**
 * A large array of a document that was not decoded in slices (no cut, an outline that is not plain JSON, or slices
 * that failed): its document is read whole ([ParallelJsonArrays.decodePlace]). One instance, without a stack trace.
 */
internal object PartReadWhole : RuntimeException("a part of the document is read whole", null, false, false) {
    private fun readResolve(): Any = PartReadWhole
}
