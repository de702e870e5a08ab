package serialbench.parallel

/**
 * The engine-independent parallel layer: encodes a list in chunks and decodes an array text in slices,
 * concurrently, with any [JsonListEngine]. Encoding joins the chunks' texts, so the result is byte-identical
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
 * [GuessedCuts]), [DecodeLadder] decodes with fallbacks, [TaskRunner] runs the tasks on the pool.
 */
internal class ParallelJsonArrays(
    parallelism: Int,
    minParallelChars: Int,
    chunksPerThread: Int,
) : AutoCloseable {
    init {
        require(parallelism >= 1) { "parallelism < 1: $parallelism" }
        require(minParallelChars >= 0) { "minParallelChars < 0: $minParallelChars" }
        require(chunksPerThread >= 1) { "chunksPerThread < 1: $chunksPerThread" }
    }

    private val runner = TaskRunner(parallelism)
    private val planner = SplitPlanner(parallelism, minParallelChars, chunksPerThread)
    private val ladder = DecodeLadder(planner)

    /** Shuts the pool down; tasks already running finish. Idempotent. */
    override fun close() = runner.close()

    /** Throws [IllegalStateException] naming [owner] once closed. */
    fun checkOpen(owner: String) = runner.checkOpen(owner)

    fun <T> encode(engine: JsonListEngine<T>, value: List<T>, key: Any): String {
        val plan = planner.chunks(engine, value, key) ?: return engine.encodeList(value).also { planner.rememberEncoded(key, it, value.size) }
        val text = if (plan.chunkCount == 1) plan.encodeSequentially() else ChunkPlan.join(runner.map(plan.chunkCount, plan::encodeChunk))
        return text.also { planner.rememberEncoded(key, it, value.size) }
    }

    suspend fun <T> encodeSuspending(engine: JsonListEngine<T>, value: List<T>, key: Any): String {
        val plan = planner.chunks(engine, value, key) ?: return engine.encodeList(value).also { planner.rememberEncoded(key, it, value.size) }
        val text = if (plan.chunkCount == 1) {
            plan.encodeSequentially()
        } else {
            ChunkPlan.join(runner.mapSuspending(plan.chunkCount, plan::encodeChunk))
        }
        return text.also { planner.rememberEncoded(key, it, value.size) }
    }

    fun <T> decode(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (!planner.splitsText(text.length)) return engine.decodeList(text)
        return ladder.decode(engine, text, key) { count, task -> runner.map(count, task) }
    }

    suspend fun <T> decodeSuspending(engine: JsonListEngine<T>, text: String, key: Any): List<T> {
        if (!planner.splitsText(text.length)) return engine.decodeList(text)
        return ladder.decode(engine, text, key) { count, task -> runner.mapSuspending(count, task) }
    }
}
