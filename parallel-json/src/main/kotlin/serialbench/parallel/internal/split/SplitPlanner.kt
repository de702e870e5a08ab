package serialbench.parallel.internal.split

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.GuessedCuts
import serialbench.parallel.internal.split.Split.DECODED_WHOLE
import serialbench.parallel.internal.split.Split.ENCODED_WHOLE

/**
 * Decides whether and where to split (see [ParallelJsonArrays] for the vocabulary): how many chunks a list
 * is encoded in, and how many slices, cut where, an array text is decoded in. Remembers per element type
 * (by key) the encoded size of an element, and per place whether guessed cuts failed there. Thread safe.
 *
 * Inputs shorter than [minParallelChars] are never split. When [adaptive], a longer input is split only if
 * splitting is predicted to make it at least [MIN_SPEEDUP] times faster: from the engine's measured time `T` for
 * it and a split call's measured fixed overhead `F` ([SplitCosts]), a split into `k` tasks on `p` threads (the
 * parallelism, or fewer where the recent split calls' tasks all ran on fewer: [SplitCosts.threads]) takes
 * `T / p + F + T / k / 2 + W` (the third term: waiting for the last task, where tasks outnumber threads; `W`: waiting
 * for the pool's typical start `S`, [SplitCosts.poolStartWaitNanos], `S (1 - 1 / p)` where tasks outnumber threads and
 * `S` where each runs one; `p` no more than the cores the recent split calls' threads held at once:
 * [SplitCosts.usableThreads]). Tasks then carry at least
 * [MIN_TASK_NANOS] of engine time each; now and then a declined split is tried anyway, to measure `F` again
 * ([SplitCosts.exploresAfterDeclining]). Otherwise every longer input is split into
 * `parallelism * chunksPerThread` tasks (more for very long inputs).
 */
internal class SplitPlanner(
    private val parallelism: Int,
    private val minParallelChars: Int,
    private val chunksPerThread: Int,
    private val adaptive: Boolean,
    private val learned: Learned,
) {
    val costs = learned.costs
    private val guessMisses = learned.cutGuessMisses
    private val charsPerElement = learned.charsPerElement
    private val splits = learned.splits

    /**
     * Whether an array text of [length] characters is worth decoding in slices; a text long enough to split that is
     * not is counted as read whole ([Split.DECODED_WHOLE]). Without [explores], a text the costs decline is not split
     * to measure them again ([SplitCosts.exploresAfterDeclining]), though its decline counts towards such a try.
     */
    fun splitsText(key: Any, length: Int, ahead: Boolean = false, explores: Boolean = true): Boolean =
        decides(length.toLong()) &&
            (!adaptive || worthSplitting(key, SplitCosts.Direction.DECODE, length.toLong(), ahead, explores))

    /** Whether an input of [chars] is one the planner decides on: long enough, with more than one thread. */
    private fun decides(chars: Long) = parallelism > 1 && chars >= minParallelChars

    /**
     * Whether splitting [chars] of this key pays; [ahead] for a document's part begun while the calling thread reads
     * its other members, whose overhead is measured apart ([SplitCosts.recordAhead]) and holds the wait for the last
     * task. A decline counts as its own call towards trying a split again; the calls a document's decline then sends
     * whole without a look count when that happens ([quietAfter]).
     */
    private fun worthSplitting(
        key: Any,
        direction: SplitCosts.Direction,
        chars: Long,
        ahead: Boolean,
        explores: Boolean = true,
    ): Boolean {
        val engineNanos = costs.engineNanos(key, direction, chars)
        val tasks = taskCount(key, direction, chars)
        val threads = minOf(minOf(parallelism, tasks, costs.threads).toDouble(), costs.usableThreads(parallelism))
        val overheadNanos = if (ahead) costs.aheadOverheadNanos else costs.overheadNanos
        val waitsNanos = if (ahead) {
            0.0
        } else {
            costs.lastTaskNanos(engineNanos, tasks, threads) +
                costs.poolStartWaitNanos(costs.poolStartNanos, tasks, threads)
        }
        val splitNanos = engineNanos / threads + overheadNanos + waitsNanos
        val gains = splitNanos * MIN_SPEEDUP <= engineNanos
        val worth = gains || (explores && costs.exploresAfterDeclining(engineNanos, overheadNanos))
        if (!gains && !explores) costs.declined(engineNanos)
        if (!worth) splits.add(if (direction == SplitCosts.Direction.DECODE) DECODED_WHOLE else ENCODED_WHOLE)
        return worth
    }

    /**
     * The chunks to encode [value] in, or null when the list is best encoded by the engine alone. The size of
     * the output is estimated from earlier calls with the same element type or, on the first call, from the
     * first element encoded alone.
     */
    fun <T> chunks(engine: ListEngine<T>, value: List<T>, key: Any): ChunkPlan<T>? {
        if (parallelism <= 1 || value.size < 2) return null
        val charsPerElement = charsPerElement[key]
        if (charsPerElement != null) {
            val estimatedChars = charsPerElement.toLong() * value.size
            if (!splitsList(key, estimatedChars)) return null
            val tasks = taskCount(key, SplitCosts.Direction.ENCODE, estimatedChars).coerceAtMost(value.size)
            return ChunkPlan(engine, value, null, tasks)
        }
        val first = engine.encodeList(value.subList(0, 1))
        val estimatedChars = first.length.toLong() * value.size
        if (!splitsList(key, estimatedChars)) return ChunkPlan(engine, value, first, 0)
        val tasks = taskCount(key, SplitCosts.Direction.ENCODE, estimatedChars).coerceAtMost(value.size - 1)
        return ChunkPlan(engine, value, first, tasks)
    }

    private fun splitsList(key: Any, estimatedChars: Long): Boolean = estimatedChars >= minParallelChars &&
        (!adaptive || worthSplitting(key, SplitCosts.Direction.ENCODE, estimatedChars, false))

    /**
     * A document's call split none of its parts, this one of [chars] among them: the [QuietCalls.CALLS] calls of its
     * kind that now go whole without a look count as declined with it, each with this part's engine time, towards
     * trying a split again ([SplitCosts.exploresAfterDeclining]); else a split would come after 33 times as many
     * calls (a 40 KB timeline, declined in one JVM before any split of it was measured, stayed whole all its run).
     * Not where another part of the call split: no call goes whole without a look after that one.
     */
    fun quietAfter(key: Any, direction: SplitCosts.Direction, chars: Long) {
        if (decides(chars) && adaptive) costs.declined(costs.engineNanos(key, direction, chars) * QuietCalls.CALLS)
    }

    /** [quietAfter] for a list or map of [size] elements of this key, by the size its last encoding had. */
    fun quietAfterList(key: Any, size: Int) {
        val perElement = charsPerElement[key] ?: return
        quietAfter(key, SplitCosts.Direction.ENCODE, perElement.toLong() * size)
    }

    /** Counts a list or map whose slices or chunks went to the pool ([Split.DECODED_IN_SLICES], ...). */
    fun countSplit(split: Split) = splits.add(split)

    /** Records a call that ran [chars] characters through the engine alone in [nanos]. */
    fun recordUnsplit(key: Any, direction: SplitCosts.Direction, chars: Long, nanos: Long) =
        costs.recordEngine(key, direction, chars, nanos)

    /** Records a split [call] over [chars] characters (its threads counted with the calling thread). */
    fun recordSplit(key: Any, direction: SplitCosts.Direction, chars: Long, call: SplitCall) {
        costs.recordEngine(key, direction, chars, call.engineNanos)
        costs.recordSplit(
            call.wallNanos,
            call.engineNanos,
            call.threads.coerceIn(1, minOf(parallelism, call.tasks)),
            call.tasks,
            call.poolStartNanos,
        )
        call.cores?.let { costs.recordCores(it, parallelism) }
    }

    /**
     * Records the overhead of a document's call whose parts' slices ([calls]) ran on the pool while the calling thread
     * read the rest of the document for [callerNanos], in [wallNanos] from the outline of its text to the last part
     * joined: the threads are those of its busiest part, the calling thread among them.
     */
    fun recordAhead(wallNanos: Long, callerNanos: Long, calls: List<SplitCall>) {
        if (calls.isEmpty()) return
        val threads = calls.maxOf { it.threads + if (it.callerRan) 0 else 1 }
        costs.recordAhead(
            wallNanos,
            calls.sumOf { it.engineNanos },
            callerNanos.coerceAtLeast(0),
            threads.coerceIn(1, parallelism),
        )
        for (call in calls) call.cores?.let { costs.recordCores(it, parallelism) }
    }

    /** Records the engine's time of a split [call] over [chars] characters, not its overhead ([DecodeLadder.start]). */
    fun recordEngine(key: Any, direction: SplitCosts.Direction, chars: Long, call: SplitCall) =
        costs.recordEngine(key, direction, chars, call.engineNanos)

    /** Records the size of an encoding of [size] elements as [text], for the next [chunks] of this [key]. */
    fun rememberEncoded(key: Any, text: String, size: Int) = rememberEncoded(key, text.length, size)

    /** Records the size of an encoding of [size] elements in [chars] characters. */
    fun rememberEncoded(key: Any, chars: Int, size: Int) {
        if (size > 0) charsPerElement[key] = chars / size
    }

    /** Whether to guess cuts for the texts of this element type at [path]: until a guess has failed there once. */
    fun guesses(key: Any, path: List<String>): Boolean = guessMisses.guesses(key, path)

    /** Records that guessed cuts failed for this element type at [path] where exact cuts succeeded. */
    fun rememberGuessMiss(key: Any, path: List<String>) = guessMisses.missed(key, path)

    /**
     * The slices of `text[from, to)` (an array, or an object's members by [brackets]): at cuts taken from [known]
     * (exact commas the document's outline read), else at guessed cuts when [guess] and its elements' shape can be
     * learned, else at exact ones; or null when it cannot or need not be sliced (no cut found, broken outline).
     */
    fun slices(
        key: Any,
        text: String,
        guess: Boolean,
        from: Int = 0,
        to: Int = text.length,
        brackets: Brackets = Brackets.ARRAY,
        known: ArrayOutline.ExactCuts? = null,
    ): SlicePlan? {
        val content = ArrayOutline.content(text, from, to, brackets) ?: return null
        val slices = taskCount(key, SplitCosts.Direction.DECODE, content.last + 1L - content.first)
        val guessed = if (known == null && guess) GuessedCuts.guess(text, content, slices, brackets) else null
        if (guessed != null) {
            return if (guessed.isEmpty()) {
                null
            } else {
                SlicePlan(
                    text,
                    content,
                    guessed,
                    guessed = true,
                    brackets = brackets,
                )
            }
        }
        val exact = known?.spaced(content.first, content.last + 1, slices)
            ?: ArrayOutline.exactCuts(text, content, slices, brackets)
            ?: return null
        if (exact.cuts.isEmpty()) return null
        return SlicePlan(text, content, exact.cuts, guessed = false, exact.elementsBefore, exact.total, brackets)
    }

    /**
     * How many chunks or slices to divide [chars] of JSON into: up to [chunksPerThread] per thread, so that uneven
     * tasks even out (when [adaptive], no more than tasks of [MIN_TASK_NANOS] each, and at least one per thread),
     * and more for big inputs, so that no task grows buffers of many megabytes.
     */
    private fun taskCount(key: Any, direction: SplitCosts.Direction, chars: Long): Int {
        var perThreads = parallelism.toLong() * chunksPerThread
        if (adaptive) {
            val byCost = (costs.engineNanos(key, direction, chars) / MIN_TASK_NANOS).toLong()
            perThreads = byCost.coerceIn(parallelism.toLong(), perThreads)
        }
        return maxOf(perThreads, chars / TARGET_TASK_CHARS).coerceAtMost(MAX_TASKS.toLong()).toInt()
    }

    companion object {
        /** Split only when splitting is predicted to be at least this many times faster (a margin for misestimates). */
        const val MIN_SPEEDUP = 1.25

        /** Engine time per task at least, when adaptive: a task's fixed costs stay small beside it. */
        const val MIN_TASK_NANOS = 50_000.0

        /**
         * Characters of a task, about, in a long input: a slice's copy of UTF-16 text (two bytes a character) stays
         * well under 512 KB, half of G1's smallest region, where an array would be a humongous object, allocated in
         * the old generation (heaps under 2 GB have regions of 1 MB).
         */
        private const val TARGET_TASK_CHARS = 128 * 1024
        private const val MAX_TASKS = 4096
    }
}
