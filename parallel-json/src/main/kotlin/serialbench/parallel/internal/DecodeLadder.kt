package serialbench.parallel.internal

import serialbench.parallel.JsonListEngine
import java.util.concurrent.atomic.LongAdder

/**
 * Decodes an array text in slices, climbing down a ladder until a rung succeeds (see [ParallelJsonArrays]
 * for the vocabulary): slices at guessed cuts; after a slice fails, slices at exact cuts; after that fails or
 * when the outline is broken, the engine on the whole text, which returns the right list or throws the
 * engine's own error with offsets in the whole input.
 *
 * A wrong guess cannot give a wrong result. With a strict engine ([JsonListEngine.isStrict]) a slice that does
 * not start and end on element boundaries does not decode; with any other engine each slice's outline is
 * verified and its element count compared with the engine's. Only a failure of the engine or of that check
 * counts as a miss; an [Error] is rethrown as it is.
 *
 * [map] runs the slices' tasks (blocking or suspending, as the caller needs) and returns their results in
 * slice order, or throws [TaskFailedException].
 */
internal class DecodeLadder(private val planner: SplitPlanner) {
    inline fun <T> decode(
        engine: JsonListEngine<T>,
        text: String,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        val slices = planner.slices(key, text, guess = planner.guesses(key)) ?: return engine.decodeList(text)
        return decodeSlices(engine, key, slices, map) ?: decodeAfterMiss(engine, text, key, slices, map)
    }

    /** After a slice failed: exact cuts if the failed ones were guesses, else the engine's own answer. */
    inline fun <T> decodeAfterMiss(
        engine: JsonListEngine<T>,
        text: String,
        key: Any,
        failed: SlicePlan,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        if (failed.guessed) {
            val exact = planner.slices(key, text, guess = false)
            if (exact != null && !exact.cuts.contentEquals(failed.cuts)) {
                decodeSlices(engine, key, exact, map)?.let { decoded ->
                    planner.rememberGuessMiss(key)
                    return decoded
                }
            }
        }
        // The text is malformed (or a deserializer rejects a value): the engine's single-threaded decode of
        // the whole text gives exactly its own error, offsets counted in the whole input.
        return engine.decodeList(text)
    }

    /** The slices' elements in order, or null when a slice did not decode; records what the call cost. */
    inline fun <T> decodeSlices(
        engine: JsonListEngine<T>,
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
        val chars = slices.text.length.toLong()
        val wallNanos = System.nanoTime() - start
        planner.recordSplit(key, SplitCosts.Direction.DECODE, chars, wallNanos, engineNanos.sum(), slices.sliceCount)
        val result = ArrayList<T>(parts.sumOf { it.size })
        for (part in parts) result.addAll(part)
        return result
    }

    fun <T> decodeSlice(engine: JsonListEngine<T>, slices: SlicePlan, i: Int): List<T> {
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
