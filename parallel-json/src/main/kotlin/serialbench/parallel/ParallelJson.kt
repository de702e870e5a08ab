package serialbench.parallel

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.withContext
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import kotlinx.serialization.serializer
import serialbench.parallel.internal.KotlinxJsonListEngine
import serialbench.parallel.internal.ListEngine
import serialbench.parallel.internal.ParallelJsonArrays
import serialbench.parallel.internal.StreamDecoding
import serialbench.parallel.internal.StreamEncoder
import serialbench.parallel.internal.Utf8
import serialbench.parallel.internal.splitsArrays
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.Executor

/**
 * Multithreaded JSON for lists: encodes a `List<T>` in chunks (runs of elements) and decodes its array text
 * in slices (runs of whole elements, cut at top-level commas) with kotlinx.serialization [json], on
 * [parallelism] threads that take chunks or slices in turn: the calling thread and `parallelism - 1` pool threads
 * (as parallel streams use the caller and a pool).
 *
 * Results are exactly those of [json] alone:
 * - [encodeToString] is byte-identical to `json.encodeToString(ListSerializer(serializer), value)`,
 *   compact or pretty printed.
 * - [decodeFromString] returns what `json.decodeFromString(ListSerializer(serializer), string)` returns, and
 *   fails where it fails, with the same [SerializationException] (message and offset in the whole input).
 *
 * Whether to split is decided per call. Inputs shorter than [minParallelChars] (estimated from earlier calls or
 * the first element when encoding) run on the calling thread. With [adaptiveSplit] (the default), a longer input
 * is split only when that is predicted to make it at least 1.25 times faster, from the engine's time per
 * character measured on earlier calls of the same element type and the overhead of a split call measured on this
 * machine; so a fast engine, a small input or a pool starved of CPU stays on the calling thread. With
 * `adaptiveSplit = false`, every input from [minParallelChars] on is split. The `suspend` variants take chunks
 * and slices in the caller's coroutine context, and suspend until the pool threads are done.
 *
 * A [Json] whose options change how array texts are tokenized (`isLenient`, `allowComments`,
 * `allowTrailingComma`, as Ktor's `DefaultJson` sets) decodes every text whole, through [json] alone: slices of
 * such a text cannot be found without a full parse, so it is slower, never different (stream decoding is then
 * [json]'s own, `decodeToSequence` and `decodeFromStream`). Encoding does not depend on those options and
 * splits as usual. A [parallelism] above [MAX_PARALLELISM] is refused.
 *
 * Threads: by default the pool threads belong to one process-wide pool per [parallelism], shared by every
 * instance and started on first use; a pool thread idle for a minute ends, so instances may be made and dropped
 * freely, nothing stays alive between bursts, and `close()` is not needed to free threads. Given an [executor]
 * (the service's own), every split task runs there instead, and the [Flow] paths read and write there too
 * (else on [Dispatchers.IO]); the executor stays the service's to shut down. Instances are thread safe. A
 * failure is the one [json] gives for the whole list (when several elements fail to encode, the first in list
 * order, with its class and message). An interrupt of the calling thread does not stop a call, as it does not
 * stop [json]: the call completes and the thread's interrupt flag is still set afterwards. A call made from
 * inside a split task (a serializer that uses ParallelJson again) runs on that thread, unsplit, and cannot
 * deadlock. After [close], every call throws [IllegalStateException].
 *
 * @param json the `Json` whose results this instance gives; a lenient one is refused (see above).
 * @param parallelism the threads one call may use, the caller included; 1 runs everything on the caller.
 * @param minParallelChars inputs shorter than this are never split.
 * @param chunksPerThread chunks (encoding) or slices (decoding) per thread at least.
 * @param streamBatchBytes the longest batch read from, or chunk written to, a stream.
 * @param adaptiveSplit split only where the measured costs predict a gain (else from [minParallelChars] on).
 * @param executor where split tasks run: the service's own executor, or `null` for the shared pool.
 */
public class ParallelJson @JvmOverloads constructor(
    public val json: Json = Json,
    public val parallelism: Int = Runtime.getRuntime().availableProcessors(),
    public val minParallelChars: Int = DEFAULT_MIN_PARALLEL_CHARS,
    chunksPerThread: Int = DEFAULT_CHUNKS_PER_THREAD,
    public val streamBatchBytes: Int = DEFAULT_STREAM_BATCH_BYTES,
    public val adaptiveSplit: Boolean = true,
    public val executor: Executor? = null,
) : AutoCloseable {
    init {
        require(streamBatchBytes >= 1) { "streamBatchBytes < 1: $streamBatchBytes" }
        require(streamBatchBytes <= MAX_STREAM_BATCH_BYTES) {
            "streamBatchBytes > $MAX_STREAM_BATCH_BYTES (ParallelJson.MAX_STREAM_BATCH_BYTES): $streamBatchBytes"
        }
    }

    private val arrays = ParallelJsonArrays(parallelism, minParallelChars, chunksPerThread, adaptiveSplit, executor)

    /** Whether array texts are read as plain JSON, so that they can be cut between elements (see above). */
    private val splitsDecoding: Boolean = splitsArrays(json)

    /** Where the [Flow] paths block on a stream: [executor] if given, else [Dispatchers.IO]. */
    private val blockingDispatcher: CoroutineDispatcher = executor?.asCoroutineDispatcher() ?: Dispatchers.IO

    /** Stream decoding, cuts guessed and proved by decoding. */
    private val streams =
        StreamDecoding(json, arrays.runner, streamBatchBytes, 2 * parallelism, blockingDispatcher, guessCuts = true)

    /**
     * [value] as a JSON array, byte-identical to `json.encodeToString(ListSerializer(serializer), value)`, its
     * elements encoded on several threads when the list is long enough to gain from it.
     */
    public fun <T> encodeToString(serializer: KSerializer<T>, value: List<T>): String =
        arrays.encode(engine(serializer), value, serializer.descriptor)

    /**
     * The list in the JSON array [string], as `json.decodeFromString(ListSerializer(serializer), string)` returns
     * it, or its [SerializationException] (same class, message and offset), slices decoded on several threads.
     * Note that [serializer] is the element's: the list serializer is implied.
     */
    public fun <T> decodeFromString(serializer: KSerializer<T>, string: String): List<T> {
        val engine = engine(serializer)
        if (!splitsDecoding) return engine.decodeList(string)
        return arrays.decode(engine, string, serializer.descriptor)
    }

    /** UTF-8 bytes of [encodeToString]. */
    public fun <T> encodeToByteArray(serializer: KSerializer<T>, value: List<T>): ByteArray =
        encodeToString(serializer, value).encodeToByteArray()

    /**
     * Decodes UTF-8 [bytes], holding besides them one string of the decoded text. Malformed UTF-8 is a
     * [SerializationException] naming the byte offset, never silently replaced; offsets in JSON errors count
     * characters of the decoded text.
     */
    public fun <T> decodeFromByteArray(serializer: KSerializer<T>, bytes: ByteArray): List<T> =
        decodeFromString(serializer, decodeUtf8(bytes))

    /**
     * The elements of the JSON array read from UTF-8 [stream], lazily and in order, as
     * `json.decodeToSequence(stream, serializer, DecodeSequenceMode.ARRAY_WRAPPED)` yields them. The stream is read
     * as the sequence is iterated, in batches of whole elements (64 KiB at first, growing to about
     * [streamBatchBytes] bytes) that the pool decodes while the iterating thread reads on; at most
     * `2 * parallelism` batches are read ahead, so memory does not grow with the stream's length and a slow
     * consumer slows the reading. Where to cut is guessed from the bytes near each batch's end and proved by
     * decoding; where a guess fails, or none can be made, every byte is scanned.
     *
     * Failures are those of [json] at the same element, with the same exception class: the elements before are
     * yielded first, and no element that [json] does not yield (a number with junk stuck to it fails whole, as in
     * kotlinx). A failure in a single-value element is worded as kotlinx words it; inside an object or array, as
     * kotlinx's string reader words it. Where kotlinx's stream reader itself crashes (an
     * `ArrayIndexOutOfBoundsException` on `[true,` in kotlinx 1.11), this is a [SerializationException]. Offsets
     * in messages count bytes of the whole stream (kotlinx counts characters of its buffer). Unlike [json],
     * malformed UTF-8 is a [SerializationException] at its byte offset rather than U+FFFD, and a leading UTF-8
     * byte order mark is skipped. The stream is not closed. The sequence can be iterated once, by one thread at a
     * time; abandoning it leaves at most the batches read ahead to finish.
     * Should this instance be closed meanwhile, the iterating thread decodes the rest alone.
     */
    public fun <T> decodeToSequence(serializer: KSerializer<T>, stream: InputStream): Sequence<T> =
        streams.sequence(serializer, stream)

    /**
     * [decodeToSequence] as a cold [Flow]: the stream is read on [executor] (or [Dispatchers.IO]) and decoded on
     * the pool, and
     * each element emitted in order in the collector's context. Cancelling the collector stops the reading and
     * drops the batches not yet started. A batch is handed to the collector only when it has taken the previous
     * one (no buffer beyond the decoder's own look-ahead), so a slow collector slows the reading and memory stays
     * that of [decodeToSequence]. The stream can be collected once.
     */
    public fun <T> decodeToFlow(serializer: KSerializer<T>, stream: InputStream): Flow<T> =
        streams.flow(serializer, stream)

    /**
     * The whole list of [decodeToSequence]: what `json.decodeFromStream(ListSerializer(serializer), stream)`
     * returns.
     */
    public fun <T> decodeFromStream(serializer: KSerializer<T>, stream: InputStream): List<T> =
        streams.list(serializer, stream)

    /**
     * Writes [value] to [stream] as UTF-8, byte-identical to `json.encodeToStream(ListSerializer(serializer),
     * value, stream)`: chunks of about [streamBatchBytes] bytes are encoded concurrently and written in order as
     * they complete, never the whole text at once. On a failure (the first failing element in list order, as
     * [json] reports it) what came before has been written. The stream is not closed.
     */
    public fun <T> encodeToStream(serializer: KSerializer<T>, value: List<T>, stream: OutputStream): Unit =
        encodeToStream(serializer, value.asSequence(), stream)

    /** [encodeToStream] for elements of a length not known in advance, taken from [values] as they come. */
    public fun <T> encodeToStream(serializer: KSerializer<T>, values: Sequence<T>, stream: OutputStream) {
        streamEncoder(engine(serializer), stream).use { encoder ->
            for (element in values) encoder.add(element)
            encoder.finish()
        }
    }

    /**
     * [encodeToStream] for the elements of [values], collected where writing may block: [executor] or
     * [Dispatchers.IO].
     */
    public suspend fun <T> encodeToStream(serializer: KSerializer<T>, values: Flow<T>, stream: OutputStream) {
        val engine = engine(serializer)
        withContext(blockingDispatcher) {
            streamEncoder(engine, stream).use { encoder ->
                values.collect { encoder.add(it) }
                encoder.finish()
            }
        }
    }

    /** [encodeToString] for coroutines: the caller's share runs in its context, then it suspends for the pool's. */
    public suspend fun <T> encodeToStringSuspending(serializer: KSerializer<T>, value: List<T>): String =
        arrays.encodeSuspending(engine(serializer), value, serializer.descriptor)

    /**
     * [decodeFromString] for coroutines: the caller's share runs in its context, then it suspends for the pool's;
     * cancelling skips the slices not yet started.
     */
    public suspend fun <T> decodeFromStringSuspending(serializer: KSerializer<T>, string: String): List<T> {
        val engine = engine(serializer)
        if (!splitsDecoding) return engine.decodeList(string)
        return arrays.decodeSuspending(engine, string, serializer.descriptor)
    }

    /** UTF-8 bytes of [encodeToStringSuspending]. */
    public suspend fun <T> encodeToByteArraySuspending(serializer: KSerializer<T>, value: List<T>): ByteArray =
        encodeToStringSuspending(serializer, value).encodeToByteArray()

    /** [decodeFromByteArray] for coroutines, as [decodeFromStringSuspending]. */
    public suspend fun <T> decodeFromByteArraySuspending(serializer: KSerializer<T>, bytes: ByteArray): List<T> =
        decodeFromStringSuspending(serializer, decodeUtf8(bytes))

    /**
     * Refuses every later call and waits (at most 10 s) for this instance's chunks, slices and batches already
     * running. Pool threads are not this instance's to end: shared ones end when idle, an [executor] is the
     * service's. Idempotent.
     */
    override fun close(): Unit = arrays.close()

    /** The settings that decide how calls are split, for logs. */
    override fun toString(): String =
        "ParallelJson(parallelism=$parallelism, minParallelChars=$minParallelChars, adaptiveSplit=$adaptiveSplit)"

    private fun <T> streamEncoder(engine: ListEngine<T>, stream: OutputStream): StreamEncoder<T> {
        arrays.checkOpen("ParallelJson")
        return StreamEncoder(engine, arrays.runner, stream, streamBatchBytes, 2 * parallelism)
    }

    private fun <T> engine(serializer: KSerializer<T>): ListEngine<T> {
        arrays.checkOpen("ParallelJson")
        return KotlinxJsonListEngine(json, serializer)
    }

    public companion object {
        /**
         * Never split below: decoding 16 K characters takes even a slow engine about as long as waking a pool
         * thread does. Above it, measured costs decide ([adaptiveSplit]).
         */
        public const val DEFAULT_MIN_PARALLEL_CHARS: Int = 16 * 1024

        /**
         * Bytes of JSON per batch read from a stream (the first batches are shorter: 64 KiB, then twice as long
         * each time up to this), and per chunk written to one: large enough that handing a batch to the pool
         * costs little beside decoding it, small enough that memory stays low. Measured on 2 cores, decoding
         * 100,000 objects (130 MB) from a file, 64 KiB to 2 MiB batches were within the run-to-run noise of each
         * other; 1 MiB chunks made encoding hold 28% more heap.
         */
        public const val DEFAULT_STREAM_BATCH_BYTES: Int = 256 * 1024

        /** The longest batch or chunk a stream may be cut into: one array holds it, with room to read on. */
        public const val MAX_STREAM_BATCH_BYTES: Int = 256 * 1024 * 1024

        /**
         * The most threads one instance may use. Beyond it the pool would cost more memory and start-up than any
         * machine gains from splitting one list: a parallelism above it is refused at construction.
         */
        public const val MAX_PARALLELISM: Int = 256

        /**
         * Chunks (encoding) or slices (decoding) per thread at least: more than threads, so that a slow one does
         * not leave the other threads idle. The parameter keeps its historical name for both.
         */
        public const val DEFAULT_CHUNKS_PER_THREAD: Int = 8

        private fun decodeUtf8(bytes: ByteArray): String =
            Utf8.decode(bytes, 0, bytes.size, totalBytes = bytes.size.toLong())
    }
}

/** Encodes [value] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.encodeToString(value: List<T>): String =
    encodeToString(json.serializersModule.serializer<T>(), value)

/** Decodes a list of [T] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.decodeFromString(string: String): List<T> =
    decodeFromString(json.serializersModule.serializer<T>(), string)

/** Suspending [encodeToString] with the serializer of [T]. */
public suspend inline fun <reified T> ParallelJson.encodeToStringSuspending(value: List<T>): String =
    encodeToStringSuspending(json.serializersModule.serializer<T>(), value)

/** Suspending [decodeFromString] with the serializer of [T]. */
public suspend inline fun <reified T> ParallelJson.decodeFromStringSuspending(string: String): List<T> =
    decodeFromStringSuspending(json.serializersModule.serializer<T>(), string)
