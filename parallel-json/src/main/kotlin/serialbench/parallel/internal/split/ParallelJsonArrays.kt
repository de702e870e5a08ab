package serialbench.parallel.internal.split

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.engine.SliceCopies
import serialbench.parallel.internal.pool.TaskFailedException
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.scan.ArrayOutline
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.scan.GuessedCuts
import java.util.concurrent.Executor

/**
 * The engine-independent parallel layer: encodes a list in chunks and decodes an array text in slices,
 * concurrently, with any [ListEngine]. Encoding joins the chunks' texts, so the result is byte-identical
 * to the engine's own output; decoding goes down the [DecodeLadder].
 *
 * Vocabulary, used the same way in every file of this package and in its tests:
 * - *element*: one item of the list, and one top-level value of its array text.
 * - *chunk*: a run of consecutive elements that one engine call encodes; encoding divides a list into chunks.
 * - *slice*: a range of an array text holding a run of whole elements, from the opening bracket or a cut to
 *   the next cut or the closing bracket; one engine call decodes it, wrapped in brackets. Decoding divides a
 *   text into slices.
 * - *cut*: a top-level comma where one slice ends and the next begins; *guessed* from the characters around a
 *   comma (cheap, may fall inside a string) or *exact* (from a scan of the whole outline).
 * - *outline*: the top level of an array text: its brackets, the commas between elements, whitespace, and
 *   where each element starts and ends, but not what is inside the elements.
 * - *task*: one chunk or one slice, as the [TaskRunner] runs it on a thread.
 *
 * The roles: [SplitPlanner] decides whether to split and where ([ChunkPlan], [SlicePlan], [ArrayOutline],
 * [GuessedCuts]) from what [SplitCosts] measured, [DecodeLadder] decodes with fallbacks, [TaskRunner] runs the
 * tasks on the pool.
 *
 * Failures are the engine's own: a failing chunk makes the engine encode the list up to the end of the first
 * failing chunk in list order, which throws the engine's error for the whole list. A call from one of this
 * layer's own pool threads (a serializer that calls the same instance) runs on that thread, unsplit.
 */
internal class ParallelJsonArrays(
    parallelism: Int,
    minParallelChars: Int,
    chunksPerThread: Int,
    adaptive: Boolean = true,
    executor: Executor? = null,
) : AutoCloseable {
    init {
        require(parallelism >= 1) { "parallelism < 1: $parallelism" }
        require(parallelism <= MAX_PARALLELISM) {
            "parallelism > $MAX_PARALLELISM (ParallelJson.MAX_PARALLELISM): $parallelism"
        }
        require(minParallelChars >= 0) { "minParallelChars < 0: $minParallelChars" }
        require(chunksPerThread >= 1) { "chunksPerThread < 1: $chunksPerThread" }
    }

    /** The pool (shared, or [executor]), which stream decoding and encoding share with the calls on strings. */
    val runner = TaskRunner(parallelism, executor)

    /** What this instance learned from its calls. */
    val learned = Learned()
    private val planner = SplitPlanner(parallelism, minParallelChars, chunksPerThread, adaptive, learned)

    /** The fallbacks of every call of this instance (lists, documents and their members). */
    val fallbacks: Fallbacks get() = learned.fallbacks

    /** What the planner chose for the lists and maps long enough to split, of every call of this instance. */
    val splits: Splits get() = learned.splits
    private val ladder = DecodeLadder(planner, fallbacks, SliceCopies(parallelism))

    /** Stops handing tasks to the pool; tasks already running finish. Idempotent. */
    override fun close() = runner.close()

    /** Throws [IllegalStateException] naming [owner] once closed. */
    fun checkOpen(owner: String) = runner.checkOpen(owner)

    /** Whether this is one of the pool's threads, inside a task (where calls are not split again). */
    fun insideTask(): Boolean = runner.insideTask()

    /** Whether decoding texts of this element type at [path] still starts from guessed cuts (for tests). */
    fun guessesCuts(key: Any, path: List<String> = emptyList()): Boolean = planner.guesses(key, path)

    fun <T> encode(engine: ListEngine<T>, value: List<T>, key: Any): String {
        val plan = plan(engine, value, key) ?: return encodeAlone(engine, value, key)
        val text = if (plan.chunkCount == 1) {
            timedAlone(key, SplitCosts.Direction.ENCODE) { plan.encodeSequentially() }
        } else {
            val chunks = encodeChunks(engine, value, key, plan, 0) { task -> runner.map(plan.chunkCount, task) }
            ChunkPlan.join(chunks, engine.brackets)
        }
        return text.also { planner.rememberEncoded(key, it, value.size) }
    }

    suspend fun <T> encodeSuspending(engine: ListEngine<T>, value: List<T>, key: Any): String {
        val plan = plan(engine, value, key) ?: return encodeAlone(engine, value, key)
        val text = if (plan.chunkCount == 1) {
            timedAlone(key, SplitCosts.Direction.ENCODE) { plan.encodeSequentially() }
        } else {
            val chunks = encodeChunks(engine, value, key, plan, 0) { task ->
                runner.mapSuspending(plan.chunkCount, task)
            }
            ChunkPlan.join(chunks, engine.brackets)
        }
        return text.also { planner.rememberEncoded(key, it, value.size) }
    }

    /**
     * The elements of the array [text], decoded in slices where that gains. The pool begins the slices before this
     * thread asks the engine whether the text may be split at all ([ListEngine.splits]: fastjson2 scans the whole text
     * for references), so that the question, which may read every character, overlaps the slices instead of delaying
     * them; where the engine says no, the slices are cancelled (those running finish, their elements unused) and the
     * engine reads the text alone.
     */
    fun <T> decode(engine: ListEngine<T>, text: String, key: Any): List<T> {
        if (runner.insideTask() || !planner.splitsText(key, text.length)) return decodeAlone(engine, text, key)
        val place = DocumentOutline.Place.whole(text, engine.brackets, key)
        val slices = ladder.firstSlices(engine, text, place)
        val started = slices?.let { ladder.StartedSlices(engine, key, it, runner, recordsCall = true) }
        val splits = try {
            engine.splits(text)
        } catch (t: Throwable) {
            started?.cancel()
            throw t
        }
        if (!splits) {
            started?.cancel()
            return decodeAlone(engine, text, key)
        }
        if (started == null) return ladder.whole(engine, text, 0, text.length)
        planner.countSplit(Split.DECODED_IN_SLICES)
        return ladder.decodePart(engine, text, place, started = started) { count, task -> runner.map(count, task) }
    }

    suspend fun <T> decodeSuspending(engine: ListEngine<T>, text: String, key: Any): List<T> {
        if (!splits(engine, text, key)) return decodeAlone(engine, text, key)
        return ladder.decode(engine, text, key) { count, task -> runner.mapSuspending(count, task) }
    }

    /**
     * The elements of the array (or object, by the engine's brackets) at [place] in [text], decoded in slices on the
     * pool, or by the engine alone on that part; throws the engine's failure (offsets counted in the part).
     */
    fun <T> decodePart(
        engine: ListEngine<T>,
        text: String,
        place: DocumentOutline.Place,
        started: DecodeLadder.StartedSlices<T>? = null,
    ): List<T> = ladder.decodePart(engine, text, place, started = started) { count, task -> runner.map(count, task) }

    /**
     * The slices of the part at [place] begun on the pool, for the caller to read the rest of its document meanwhile
     * and then pass to [decodePart] or [decodePlace] (or cancel); null where the part has no cut.
     */
    fun <T> startPart(
        engine: ListEngine<T>,
        text: String,
        place: DocumentOutline.Place,
    ): DecodeLadder.StartedSlices<T>? = ladder.start(engine, text, place, runner)

    /**
     * As [decodePart], except that where the part would be read whole by its engine [DocumentReadWhole] is thrown
     * instead when its outline is not plain JSON and the engine is lenient, or when the engine fails on it: the
     * document is then read whole by the document's engine, which may refuse what a lenient engine of its arrays reads
     * (fastjson2's `parse` refuses `},,{`, its `parseArray` reads it), and whose failure counts offsets in the whole
     * text. A failure of the split path itself is thrown as it is.
     */
    fun <T> decodePlace(
        engine: ListEngine<T>,
        text: String,
        place: DocumentOutline.Place,
        started: DecodeLadder.StartedSlices<T>? = null,
    ): List<T> {
        val readWhole = {
            if (!engine.isStrict && !ArrayOutline.isPlain(text, place.start, place.end, engine.brackets)) {
                throw DocumentReadWhole
            }
            try {
                ladder.whole(engine, text, place.start, place.end)
            } catch (_: RuntimeException) {
                throw DocumentReadWhole
            }
        }
        return ladder.decodePart(engine, text, place, readWhole, started) { count, task -> runner.map(count, task) }
    }

    /**
     * [value]'s text encoded in chunks on the pool, or null (nothing encoded) when the planner says that it is best
     * encoded alone, or this is a pool thread. The chunks are joined by whoever writes the text (`Splice`); in a
     * pretty-printed document, [value]'s array is [levels] arrays deep in it ([ChunkPlan.encodeChunk]).
     */
    fun <T> encodeSplit(engine: ListEngine<T>, value: List<T>, key: Any, levels: Int = 0): Chunks? {
        val plan = plan(engine, value, key) ?: return null
        if (plan.chunkCount == 1) {
            plan.firstText?.let { planner.rememberEncoded(key, it, 1) }
            return null
        }
        val chunks = encodeChunks(engine, value, key, plan, levels) { task -> runner.map(plan.chunkCount, task) }
        return Chunks(chunks, engine.brackets, levels).also { planner.rememberEncoded(key, it.length, value.size) }
    }

    /**
     * [encodeSplit] of a collection's [entries] (a map's), which this thread walks while the pool's chunks encode
     * those walked before them ([WalkedEntries]); null too, after the chunks were cancelled, when the collection
     * gave other than its size's worth of entries (it changed while walked: the caller's `Json` encodes it whole,
     * counted as [Fallback.MAP_CHANGED]).
     */
    fun <E> encodeSplitWalking(engine: ListEngine<E>, entries: Collection<E>, key: Any, levels: Int = 0): Chunks? {
        val walked = WalkedEntries(entries)
        val plan = plan(engine, walked, key)
        if (plan == null || plan.chunkCount == 1) {
            plan?.firstText?.let { planner.rememberEncoded(key, it, 1) }
            return null
        }
        val chunks = encodeChunks(engine, walked, key, plan, levels) { task ->
            val started = runner.start(plan.chunkCount, task)
            try {
                walked.walk()
            } catch (t: Throwable) {
                started.cancel()
                throw t
            }
            if (!walked.complete) {
                started.cancel()
                fallbacks.add(Fallback.MAP_CHANGED)
                return null
            }
            started.join()
        }
        return Chunks(chunks, engine.brackets, levels).also { planner.rememberEncoded(key, it.length, walked.size) }
    }

    /** [encode] of a collection's [entries] (a map's), walked while the chunks encode ([encodeSplitWalking]). */
    fun <E> encodeWalking(engine: ListEngine<E>, entries: Collection<E>, key: Any): String =
        encodeSplitWalking(engine, entries, key)?.let { ChunkPlan.join(it.inners, it.brackets) }
            ?: encodeAlone(engine, entries.toList(), key)

    /** Whether the whole [text] is worth decoding in slices, and the engine lets it be ([ListEngine.splits]). */
    private fun splits(engine: ListEngine<*>, text: String, key: Any): Boolean =
        !runner.insideTask() && planner.splitsText(key, text.length) && engine.splits(text)

    /**
     * Whether a part of [chars] characters is worth decoding in slices ([SplitPlanner.splitsText]); [ahead] where they
     * would begin while this thread reads the rest of the document ([startPart]); [explores] where the planner may split
     * it to measure again what it declines.
     */
    fun splitsPart(key: Any, chars: Int, ahead: Boolean, explores: Boolean = true): Boolean =
        !runner.insideTask() && planner.splitsText(key, chars, ahead, explores)

    /**
     * The [places] of a document worth decoding in slices, begun ahead ([splitsPart]), in the document's order. Where
     * the planner splits a declined part now and then to measure again, the try goes to the largest part declined,
     * which shows best what a split gains and whether the pool runs its share; the smaller ones' declines count towards
     * it. Tried on a small part (a catalog's 66 K-character member beside its 1.6 M one), whose few tasks the pool ran
     * while the calling thread read the rest, a try measured nothing of the large part, whose cost stayed as its first
     * cold calls had left it: in some JVMs it was read whole for their whole run, and the document took twice as long
     * as in those that had split it.
     */
    fun placesToSplit(places: List<DocumentOutline.Place>): List<DocumentOutline.Place> {
        var explores = true
        val chosen = places.sortedByDescending { it.chars }.filterTo(HashSet()) { place ->
            splitsPart(place.key, place.chars, ahead = true, explores).also { split -> if (!split) explores = false }
        }
        return places.filter { it in chosen }
    }

    /**
     * A document's call decoded none of its [parts] in slices: the calls of its kind read whole without a look after it
     * count as declined with it ([SplitPlanner.quietAfter]).
     */
    fun quietAfter(parts: List<DocumentOutline.Place>) {
        if (runner.insideTask()) return
        for (part in parts) planner.quietAfter(part.key, SplitCosts.Direction.DECODE, part.chars.toLong())
    }

    /**
     * A document's call encoded none of its parts in chunks, among them one of [size] elements of this [key]: the calls
     * of its kind written whole without a look after it count as declined with it ([SplitPlanner.quietAfterList]).
     */
    fun quietAfterList(key: Any, size: Int) {
        if (!runner.insideTask()) planner.quietAfterList(key, size)
    }

    /** Records the overhead of a document's call whose parts were begun ahead ([SplitPlanner.recordAhead]). */
    fun recordAhead(wallNanos: Long, callerNanos: Long, calls: List<SplitCall>) =
        planner.recordAhead(wallNanos, callerNanos, calls)

    /** Records [nanos] spent by the engine alone on [chars] characters of this key, part of a larger call. */
    fun recordAlone(key: Any, direction: SplitCosts.Direction, chars: Long, nanos: Long) =
        planner.recordUnsplit(key, direction, chars, nanos)

    private fun <T> decodeAlone(engine: ListEngine<T>, text: String, key: Any): List<T> =
        timedAlone(key, SplitCosts.Direction.DECODE, text.length.toLong()) { engine.decodeList(text) }

    private fun <T> plan(engine: ListEngine<T>, value: List<T>, key: Any): ChunkPlan<T>? =
        if (runner.insideTask()) null else planner.chunks(engine, value, key)

    private fun <T> encodeAlone(engine: ListEngine<T>, value: List<T>, key: Any): String =
        timedAlone(key, SplitCosts.Direction.ENCODE) { engine.encodeList(value) }
            .also { planner.rememberEncoded(key, it, value.size) }

    /**
     * Runs [block] on this thread alone, recording the engine's time per character of the text ([chars], or the
     * result's).
     */
    private inline fun <R> timedAlone(key: Any, direction: SplitCosts.Direction, chars: Long = -1, block: () -> R): R {
        val start = System.nanoTime()
        val result = block()
        val length = if (chars >= 0) chars else (result as String).length.toLong()
        planner.recordUnsplit(key, direction, length, System.nanoTime() - start)
        return result
    }

    /**
     * The chunks' texts, encoded by [map], or the engine's own failure for the whole list: the engine encodes the
     * elements up to the end of the first failing chunk, and throws there as it would on the whole list. Should it
     * not throw again (a serializer that fails at random), the chunk's own failure is thrown.
     */
    private inline fun <T> encodeChunks(
        engine: ListEngine<T>,
        value: List<T>,
        key: Any,
        plan: ChunkPlan<T>,
        levels: Int,
        map: ((Int) -> String) -> List<String>,
    ): List<String> {
        planner.countSplit(Split.ENCODED_IN_CHUNKS)
        val work = TaskWork()
        val chunks = try {
            map { i -> work.task { plan.encodeChunk(i, levels) } }
        } catch (e: TaskFailedException) {
            val cause = e.cause!!
            if (cause !is Error) engine.encodeList(value.subList(0, plan.chunkEnd(e.index)))
            throw cause
        }
        val call = work.finished(plan.chunkCount)
        planner.recordSplit(key, SplitCosts.Direction.ENCODE, chunks.sumOf { it.length.toLong() }, call)
        return chunks
    }

    companion object {
        /** The most threads one call may use: the public `ParallelJson.MAX_PARALLELISM` is this value. */
        const val MAX_PARALLELISM = 256
    }
}
