package serialbench.parallel.internal.engine

/**
 * Thrown for a slice whose outline is broken, or which an engine read to another number of elements than the
 * outline found: the split path reads the text again at exact cuts (`DecodeLadder`), never the caller.
 */
internal object SliceRefused : RuntimeException("a slice is not a run of whole elements", null, false, false) {
    private fun readResolve(): Any = SliceRefused
}
