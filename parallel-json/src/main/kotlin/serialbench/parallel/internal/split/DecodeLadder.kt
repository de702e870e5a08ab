package serialbench.parallel.internal.split

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.engine.SliceCopies
import serialbench.parallel.internal.engine.SliceRefused
import serialbench.parallel.internal.pool.TaskFailedException
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.DocumentOutline

/**
 * Decodes an array text in slices, climbing down a ladder until a rung succeeds (see [ParallelJsonArrays]
 * for the vocabulary): slices at guessed cuts; after a slice fails, slices at exact cuts; after that fails or
 * when the outline is broken, the engine on the whole text, which returns the right list or throws the
 * engine's own error with offsets in the whole input.
 *
 * A wrong guess cannot give a wrong result. With an engine that reads slices strictly
 * ([ListEngine.decodesSlicesStrictly]) a slice that does not start and end on element boundaries does not decode;
 * with any other engine each slice's outline is verified and its element count compared with the engine's. A slice
 * that fails at exact cuts must fail the whole text too, with an engine that [ListEngine.readsSlicesAlike]: should it
 * decode the whole text where a slice of it failed (a fault of a pool thread, not of the text), the slice's failure is
 * thrown, never a slower success. Each step down is counted ([Fallbacks]); an [Error] is rethrown as it is.
 *
 * [map] runs the slices' tasks (blocking or suspending, as the caller needs) and returns their results in
 * slice order, or throws [TaskFailedException].
 */
internal class DecodeLadder(
    private val planner: SplitPlanner,
    private val fallbacks: Fallbacks,
    /** The one copy of each slice's run, for the engines that read slices from copies. */
    private val copies: SliceCopies,
) {
    inline fun <T> decode(
        engine: ListEngine<T>,
        text: String,
        key: Any,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> = decodePart(engine, text, DocumentOutline.Place.whole(text, engine.brackets, key), map = map)

    /**
     * The elements of the array (or, by [ListEngine.brackets], object) at [place] in [text], decoded in slices, or
     * by [readWhole] (by default the engine on the whole part) where it has no cut, its outline is broken or a slice
     * does not decode even at exact cuts; throws the engine's failure (offsets counted in the part). The place's
     * commas, when its outline read them, are its exact cuts; a miss of guessed cuts is remembered for the place (its
     * key and path).
     */
    inline fun <T> decodePart(
        engine: ListEngine<T>,
        text: String,
        place: DocumentOutline.Place,
        readWhole: () -> List<T> = { whole(engine, text, place.start, place.end) },
        started: StartedSlices<T>? = null,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        val key = place.key
        val from = place.start
        val to = place.end
        val slices = started?.slices
            ?: firstSlices(engine, text, place)?.also { planner.countSplit(Split.DECODED_IN_SLICES) }
            ?: return readWhole()
        var failure = try {
            return started?.join() ?: decodeSlices(engine, key, slices, map)
        } catch (e: SliceFailure) {
            e
        }
        if (place.guessed && ArrayOutline.valueEnd(text, from, text.length).let { it >= 0 && it != to }) {
            throw GuessedEndMissed
        }
        // Whether a slice failed at exact cuts: the whole text must then fail too.
        var failedAtExactCuts = !slices.guessed
        if (slices.guessed) {
            val exact = planner.slices(key, text, guess = false, from, to, engine.brackets)
            if (exact != null && !exact.cuts.contentEquals(slices.cuts)) {
                fallbacks.add(Fallback.GUESSED_CUTS_MISSED)
                failure = try {
                    return decodeSlices(engine, key, exact, map).also { planner.rememberGuessMiss(key, place.path) }
                } catch (e: SliceFailure) {
                    e
                }
            }
            failedAtExactCuts = exact != null
        }
        fallbacks.add(Fallback.SLICES_FAILED)
        val decoded = readWhole()
        if (!failedAtExactCuts || failure.cause === SliceRefused) return decoded
        if (engine.readsSlicesAlike) throw failure.cause!!
        fallbacks.add(Fallback.ENGINE_READ_WHOLE)
        return decoded
    }

    /**
     * The slices of the part at [place] started on [runner]'s pool threads while the caller reads the rest of the
     * document, or null where it has none (no cut, a broken outline): [decodePart], given the result, goes on from
     * there. Nothing of it runs once [StartedSlices.join] or [StartedSlices.cancel] has returned.
     */
    fun <T> start(
        engine: ListEngine<T>,
        text: String,
        place: DocumentOutline.Place,
        runner: TaskRunner,
    ): StartedSlices<T>? = firstSlices(engine, text, place)?.let {
        planner.countSplit(Split.DECODED_IN_SLICES)
        StartedSlices(engine, place.key, it, runner)
    }

    /** The slices a part is read in first: at the commas its outline read, else at guessed or exact cuts. */
    fun firstSlices(engine: ListEngine<*>, text: String, place: DocumentOutline.Place): SlicePlan? {
        val guess = place.commas == null && planner.guesses(place.key, place.path)
        return planner.slices(place.key, text, guess, place.start, place.end, engine.brackets, place.commas)
    }

    /**
     * The tasks of [slices] begun on the pool ahead of [join]. Only the engine's time is recorded for the split
     * costs, not the call's overhead, where the caller read something else while the pool began: the call's wall time
     * alone says nothing of what splitting costs; the document's call records it with the caller's own work
     * ([ParallelJsonArrays.recordAhead], from [call] and [joinNanos]). With [recordsCall] (the caller only asked the
     * engine whether the text may be split, part of a split call's cost) the call is recorded whole, as
     * [decodeSlices] records it.
     */
    inner class StartedSlices<T>(
        private val engine: ListEngine<T>,
        private val key: Any,
        val slices: SlicePlan,
        runner: TaskRunner,
        private val recordsCall: Boolean = false,
    ) {
        private val work = TaskWork()
        private val gathering = engine.gather(slices.sliceCount)?.let { Gathering(it, slices.sliceCount) }
        private val started = runner.start(slices.sliceCount) { i ->
            work.task { decodeSlice(engine, slices, i) }.also { gathering?.ended(i, it) }
        }

        /** The call as measured once [join] returned its elements; null before, or after it failed. */
        var call: SplitCall? = null
            private set

        /** The time the calling thread spent in [join]: running slices itself, or waiting for the pool's. */
        var joinNanos = 0L
            private set

        /** The slices' elements in order, or [SliceFailure]. */
        fun join(): List<T> {
            val joinStart = System.nanoTime()
            val parts = try {
                started.join()
            } catch (e: TaskFailedException) {
                throw sliceFailure(e)
            }
            joinNanos = System.nanoTime() - joinStart
            val call = work.finished(slices.sliceCount).also { this.call = it }
            if (recordsCall) {
                planner.recordSplit(key, SplitCosts.Direction.DECODE, slices.chars, call)
            } else {
                planner.recordEngine(key, SplitCosts.Direction.DECODE, slices.chars, call)
            }
            return gathering?.result() ?: concatenated(parts)
        }

        fun cancel() = started.cancel()
    }

    /** The engine's own reading of the whole part: its elements, or its failure. */
    fun <T> whole(engine: ListEngine<T>, text: String, from: Int, to: Int): List<T> =
        engine.decodeList(if (from == 0 && to == text.length) text else text.substring(from, to))

    /** The slices' elements in order, or [SliceFailure]; records what the call cost. */
    inline fun <T> decodeSlices(
        engine: ListEngine<T>,
        key: Any,
        slices: SlicePlan,
        map: (Int, (Int) -> List<T>) -> List<List<T>>,
    ): List<T> {
        val work = TaskWork()
        val gathering = engine.gather(slices.sliceCount)?.let { Gathering(it, slices.sliceCount) }
        val parts = try {
            map(slices.sliceCount) { i ->
                work.task { decodeSlice(engine, slices, i) }.also { gathering?.ended(i, it) }
            }
        } catch (e: TaskFailedException) {
            throw sliceFailure(e)
        }
        planner.recordSplit(key, SplitCosts.Direction.DECODE, slices.chars, work.finished(slices.sliceCount))
        return gathering?.result() ?: concatenated(parts)
    }

    /** What a failed task threw, as a [SliceFailure]; an [Error] as it is. */
    fun sliceFailure(e: TaskFailedException): Throwable {
        val cause = e.cause!!
        return if (cause is Error) cause else SliceFailure(cause)
    }

    fun <T> concatenated(parts: List<List<T>>): List<T> {
        val result = ArrayList<T>(parts.sumOf { it.size })
        for (part in parts) result.addAll(part)
        return result
    }

    fun <T> decodeSlice(engine: ListEngine<T>, slices: SlicePlan, i: Int): List<T> {
        if (engine.decodesSlicesStrictly) {
            return engine.decodeSlice(slices.text, slices.start(i), slices.end(i), copies)
                .also { if (it.isEmpty()) throw SliceRefused }
        }
        val elements = slices.elementCount(i)
        if (elements <= 0) throw SliceRefused
        return engine.decodeSlice(slices.text, slices.start(i), slices.end(i), copies)
            .also { if (it.size != elements) throw SliceRefused }
    }

    /** A slice that failed with [cause] (the engine's failure, or [SliceRefused]). */
    class SliceFailure(cause: Throwable) : RuntimeException("a slice failed: $cause", cause, false, false)
}
