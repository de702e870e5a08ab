package serialbench.parallel

import java.util.concurrent.atomic.AtomicBoolean
import kotlinx.coroutines.ExecutorCoroutineDispatcher

/**
 * The parallel layer of [ParallelJson] over any single-threaded JSON [engine]: lists are encoded in chunks
 * and array texts decoded in slices on [parallelism] threads (the caller and `parallelism - 1` pool threads).
 *
 * The guarantees are those of [ParallelJson], relative to the engine: output byte-identical to
 * `engine.encodeList(value)`, decoding equal to `engine.decodeList(text)`, and where the engine fails on
 * a text, the same failure, thrown by the engine itself on the whole text.
 */
class ParallelJsonLists<T>(
    private val engine: JsonListEngine<T>,
    val parallelism: Int = Runtime.getRuntime().availableProcessors(),
    minParallelChars: Int = ParallelJson.DEFAULT_MIN_PARALLEL_CHARS,
    chunksPerThread: Int = ParallelJson.DEFAULT_CHUNKS_PER_THREAD,
) : AutoCloseable {
    private val dispatcher: ExecutorCoroutineDispatcher?
    private val arrays: ParallelJsonArrays
    private val closed = AtomicBoolean()

    init {
        ParallelJsonArrays.requireValid(parallelism, minParallelChars, chunksPerThread)
        dispatcher = WorkerPool.dispatcher(parallelism)
        arrays = ParallelJsonArrays(parallelism, dispatcher, minParallelChars, chunksPerThread, WorkerPool.SPIN_NANOS)
    }

    fun encodeToString(value: List<T>): String = arrays.encode(open(), value, KEY)

    fun decodeFromString(string: String): List<T> = arrays.decode(open(), string, KEY)

    override fun close() {
        if (closed.compareAndSet(false, true)) dispatcher?.close()
    }

    override fun toString(): String = "ParallelJsonLists(${engine.name}, parallelism=$parallelism)"

    private fun open(): JsonListEngine<T> {
        check(!closed.get()) { "ParallelJsonLists is closed" }
        return engine
    }

    private companion object {
        /** One engine, one element type: one key for the size and boundary hints. */
        val KEY = Any()
    }
}
