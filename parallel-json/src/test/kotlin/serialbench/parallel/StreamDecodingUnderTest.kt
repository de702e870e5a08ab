package serialbench.parallel

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.split.Fallbacks
import serialbench.parallel.internal.stream.StreamDecoding
import java.io.InputStream

/**
 * [parallel]'s stream decoding with its cuts guessed ([guessCuts], the instance's own public functions), or
 * scanned exactly: the same decoding built with `guessCuts = false` on the instance's settings (its json,
 * parallelism, batch size and executor). [close] closes [parallel] too.
 */
class StreamDecodingUnderTest(val parallel: ParallelJson, private val guessCuts: Boolean = true) : AutoCloseable {
    /** The fallbacks of the exact decoding (the guessed one counts in [parallel]'s). */
    internal val fallbacks = Fallbacks()

    private val exactRunner = if (guessCuts) null else TaskRunner(parallel.parallelism, parallel.executor)
    private val exact = exactRunner?.let { runner ->
        val blocking = parallel.executor?.asCoroutineDispatcher() ?: Dispatchers.IO
        StreamDecoding(
            parallel.json,
            runner,
            parallel.streamBatchBytes,
            2 * parallel.parallelism,
            blocking,
            guessCuts = false,
            fallbacks = fallbacks,
        )
    }

    val json: Json get() = parallel.json

    fun <T> decodeToSequence(serializer: KSerializer<T>, stream: InputStream): Sequence<T> =
        exact?.sequence(serializer, stream)
            ?: parallel.decodeToSequence(stream, serializer, DecodeSequenceMode.ARRAY_WRAPPED)

    fun <T> decodeToFlow(stream: InputStream, serializer: KSerializer<T>): Flow<T> =
        exact?.flow(serializer, stream) ?: parallel.decodeToFlow(stream, serializer)

    fun <T> decodeFromStream(serializer: KSerializer<T>, stream: InputStream): List<T> =
        exact?.list(serializer, stream) ?: parallel.decodeFromStream(ListSerializer(serializer), stream)

    override fun close() {
        exactRunner?.close()
        parallel.close()
    }

    override fun toString(): String = "$parallel, cuts ${if (guessCuts) "guessed" else "scanned exactly"}"
}
