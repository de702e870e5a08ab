package serialbench.codecs.paralleljson

import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.channels.ChannelResult
import kotlinx.coroutines.channels.ReceiveChannel
import kotlinx.coroutines.channels.produce
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode
import serialbench.data.Shape
import serialbench.parallel.ParallelJson
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream

/**
 * The `kotlinx-json-parallel` codec's [ParallelJson] `decodeFromStream`: the whole list, decoded in batches on its
 * pool.
 */
internal class ParallelJsonWholeDocumentDecoder<T : Any>(
    private val shape: Shape<T>,
    private val parallelJson: ParallelJson,
) : WholeDocumentDecoder<T>(ParallelJsonCodec.ID, "ParallelJson.decodeFromStream(ListSerializer(serializer), stream)") {
    override fun decodeAll(input: InputStream): List<T> =
        parallelJson.decodeFromStream(ListSerializer(shape.serializer), input)
}

/** [ParallelJson] `decodeToSequence`: batches of whole elements decoded on the pool while the caller reads on. */
internal class ParallelJsonSequenceDecoder<T : Any>(
    private val shape: Shape<T>,
    private val parallelJson: ParallelJson,
) : LibraryDecoder<T>(
    ParallelJsonCodec.ID,
    "sequence",
    StreamingDecoder.Kind.STREAMING,
    "ParallelJson.decodeToSequence(stream, serializer, ARRAY_WRAPPED)",
    unboundedMemory = null,
) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val elements = parallelJson.decodeToSequence(
            input,
            shape.serializer,
            DecodeSequenceMode.ARRAY_WRAPPED,
        ).iterator()

        override fun hasNext(): Boolean = elements.hasNext()

        override fun next(): T = elements.next()

        override fun close() {}
    }
}

/**
 * [ParallelJson] `decodeToFlow`, collected into a buffered channel by a coroutine of this reader; the caller takes
 * the elements from the channel, waiting (in `runBlocking`) only when it is empty. Closing the reader cancels the
 * collection. Memory stays bounded but above the other streaming decoders': `decodeToFlow` buffers up to 64 decoded
 * batches of about 256 KiB of JSON each between the pool and the collector (the default buffer of `flowOn`).
 */
internal class ParallelJsonFlowDecoder<T : Any>(private val shape: Shape<T>, private val parallelJson: ParallelJson) :
    LibraryDecoder<T>(
        ParallelJsonCodec.ID,
        "flow",
        StreamingDecoder.Kind.STREAMING,
        "ParallelJson.decodeToFlow(stream, serializer), collected into a channel",
        unboundedMemory = null,
    ) {
    @OptIn(ExperimentalCoroutinesApi::class)
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)
        private val channel: ReceiveChannel<T> = scope.produce(capacity = CHANNEL_ELEMENTS) {
            parallelJson.decodeToFlow(input, shape.serializer).collect { send(it) }
        }
        private var next: T? = null

        override fun hasNext(): Boolean {
            if (next != null) return true
            var result: ChannelResult<T> = channel.tryReceive()
            if (!result.isSuccess && !result.isClosed) result = runBlocking { channel.receiveCatching() }
            if (result.isSuccess) {
                next = result.getOrThrow()
                return true
            }
            result.exceptionOrNull()?.let { throw it }
            return false
        }

        override fun next(): T = checkNotNull(next).also { next = null }

        override fun close() = scope.cancel()
    }

    private companion object {
        const val CHANNEL_ELEMENTS = 64
    }
}
