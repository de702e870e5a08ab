package serialbench.parallel.internal

import java.util.concurrent.atomic.LongAdder

/**
 * Decodes an array text in slices, climbing down a ladder until a rung succeeds (see [ParallelJsonArrays]
 * for the vocabulary): slices at guessed cuts; after a slice fails, slices at exact cuts; after that fails or
 * when the outline is broken, the engine on the whole text, which returns the right list or throws the
 * engine's own error with offsets in the whole input.
 *
 * A wrong guess cannot give a wrong result. With a strict engine ([ListEngine.isStrict]) a slice that does
 * not start and end on element boundaries does not decode; with any other engine each slice's outline is
 * verified and its element count compared with the engine's. Only a failure of the engine or of that check
 * counts as a miss; an [Error] is rethrown as it is.
 *
 * [map] runs the slices' tasks (blocking or suspending, as the caller needs) and returns their results in
 * slice order, or throws [TaskFailedException].
 */
internal class DecodeLadder(private val planner: SplitPlanner) {
    inline fun <T> decode(
        engine: ListEngine<T>,
        text: String,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> = decodePart(engine, text, 0, text.length, key, map)
        // No cut, a broken outline, or the text is malformed (or a deserializer rejects a value): the engine's
        // single-threaded decode of the whole text gives exactly its own error, offsets counted in the whole input.
        ?: engine.decodeList(text)

    /**
     * The elements of the array (or, by [ListEngine.brackets], object) `text[from, to)` decoded in slices, or
     * null when it has no cut, its outline is broken or a slice does not decode even at exact cuts.
     */
    inline fun <T> decodePart(
        engine: ListEngine<T>,
        text: String,
        from: Int,
        to: Int,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T>? {
        val guess = planner.guesses(key)
        val slices = planner.slices(key, text, guess, from, to, engine.brackets) ?: return null
        return decodeSlices(engine, key, slices, map) ?: decodeAfterMiss(engine, text, from, to, key, slices, map)
    }

    /** After a slice failed: exact cuts if the failed ones were guesses, else null. */
    inline fun <T> decodeAfterMiss(
        engine: ListEngine<T>,
        text: String,
        from: Int,
        to: Int,
        key: Any,
        failed: SlicePlan,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T>? {
        if (failed.guessed) {
            val exact = planner.slices(key, text, guess = false, from, to, engine.brackets)
            if (exact != null && !exact.cuts.contentEquals(failed.cuts)) {
                decodeSlices(engine, key, exact, map)?.let { decoded ->
                    planner.rememberGuessMiss(key)
                    return decoded
                }
            }
        }
        return null
    }

    /** The slices' elements in order, or null when a slice did not decode; records what the call cost. */
    inline fun <T> decodeSlices(
        engine: ListEngine<T>,
        key: Any,
        slices: SlicePlan,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T>? {
        val engineNanos = LongAdder()
        val start = System.nanoTime()
        val parts = try {
            map(slices.sliceCount) { i ->
                val taskStart = System.nanoTime()
                decodeSlice(engine, slices, i).also { engineNanos.add(System.nanoTime() - taskStart) }
            }
        } catch (e: TaskFailedException) {
            val cause = e.cause
            if (cause is Error) throw cause
            return null
        }
        val chars = slices.chars
        val wallNanos = System.nanoTime() - start
        planner.recordSplit(key, SplitCosts.Direction.DECODE, chars, wallNanos, engineNanos.sum(), slices.sliceCount)
        val result = ArrayList<T>(parts.sumOf { it.size })
        for (part in parts) result.addAll(part)
        return result
    }

    fun <T> decodeSlice(engine: ListEngine<T>, slices: SlicePlan, i: Int): List<T> {
        if (engine.isStrict) return engine.decodeList(slices.arrayText(i)).also { if (it.isEmpty()) throw SliceRefused }
        val elements = slices.elementCount(i)
        if (elements <= 0) throw SliceRefused
        return engine.decodeList(slices.arrayText(i)).also { if (it.size != elements) throw SliceRefused }
    }

    /** A slice whose outline is broken, or which the engine decoded to another number of elements. */
    object SliceRefused : RuntimeException("a slice is not a run of whole elements", null, false, false) {
        private fun readResolve(): Any = SliceRefused
    }
}
