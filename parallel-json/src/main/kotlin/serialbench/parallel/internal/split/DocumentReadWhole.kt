package serialbench.parallel.internal.split

/**
 * A document of an engine's that its engine reads whole instead, for a reason of the engine's own: it failed on a
 * large array read whole (no cut, or slices that failed), or that array's outline is not plain JSON and the engine
 * of its elements is lenient ([ParallelJsonArrays.decodePlace]), or it failed on the document's skeleton. Its value
 * or failure is then the document engine's own, with offsets in the whole text. One instance, without a stack trace.
 */
internal object DocumentReadWhole : RuntimeException("the document is read whole by its engine", null, false, false) {
    private fun readResolve(): Any = DocumentReadWhole
}
