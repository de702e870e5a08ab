package serialbench.parallel

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.withContext
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.StringFormat
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.decodeToSequence
import kotlinx.serialization.modules.SerializersModule
import kotlinx.serialization.serializer
import serialbench.parallel.internal.document.Documents
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.engine.splitsArrays
import serialbench.parallel.internal.engine.strictReading
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.ParallelJsonArrays
import serialbench.parallel.internal.stream.StreamDecoding
import serialbench.parallel.internal.stream.StreamEncoder
import serialbench.parallel.internal.stream.StreamStart
import serialbench.parallel.internal.stream.Utf8
import java.io.BufferedInputStream
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.Executor

/**
 * Multithreaded JSON for any document on kotlinx.serialization: a [StringFormat] with `Json`'s calls (strings,
 * bytes, streams, sequences, flows, `JsonElement` trees) that encodes and decodes the large lists and maps of a
 * document (the document itself, or members of its classes at any depth) in slices and chunks on [parallelism]
 * threads, the calling thread and `parallelism - 1` pool threads, and everything else through [json] whole.
 *
 * Results are exactly those of [json] alone: the same bytes (compact or pretty printed), the same values, and
 * the same failures ([SerializationException] of the same class, message and offset in the whole input).
 *
 * Made in the style of `Json { }` from Kotlin, `ParallelJson(json) { parallelism = 4 }`, and by
 * `ParallelJson.builder(json).parallelism(4).build()` from Java; the settings are [ParallelJsonBuilder]'s.
 *
 * Whether to split is decided per call. Inputs shorter than [minParallelChars] run on the calling thread. With
 * [adaptiveSplit] (the default), a longer input is split only when that is predicted to make it at least 1.25
 * times faster, from the time per character measured on earlier calls of the same element type and the overhead
 * of a split call measured on this machine; so a small input or a pool starved of CPU stays on the calling
 * thread. The `suspend` variants take their share of the work in the caller's coroutine context, and suspend
 * until the pool threads are done.
 *
 * A lenient [Json] (`isLenient` or `allowTrailingComma`, as Ktor's `DefaultJson` has) is read strictly first, split
 * as usual; a text that only the lenient reading accepts (an unquoted string, a trailing comma) is then read by
 * [json] whole, so it gives [json]'s own result or failure. With `allowComments`, every text is read by [json]
 * whole. Encoding does not depend on those options and splits as usual.
 *
 * Threads: by default the pool threads belong to one process-wide pool per [parallelism], shared by every
 * instance and started on first use; a pool thread idle for a minute ends, so instances may be made and dropped
 * freely and `close()` is not needed to free threads. Given an [executor] (the service's own), every split task
 * runs there instead, and the [Flow] paths read and write there too (else on [Dispatchers.IO]); the executor
 * stays the service's to shut down. Instances are thread safe. An interrupt of the calling thread does not stop
 * a call, as it does not stop [json]: the call completes and the thread's interrupt flag is still set
 * afterwards. A call made from inside a split task (a serializer that uses ParallelJson again) runs on that
 * thread, unsplit, and cannot deadlock. After [close], every call throws [IllegalStateException].
 */
@OptIn(ExperimentalSerializationApi::class)
public class ParallelJson private constructor(settings: ParallelJsonBuilder) :
    StringFormat,
    AutoCloseable {
    /** The `Json` whose results this instance gives. */
    public val json: Json = settings.json

    /** The threads one call may use, the caller included; 1 runs everything on the caller. */
    public val parallelism: Int = settings.parallelism

    /** Inputs shorter than this, in characters, are never split. */
    public val minParallelChars: Int = settings.minParallelChars

    /** The longest batch read from, or chunk written to, a stream, in bytes. */
    public val streamBatchBytes: Int = settings.streamBatchBytes

    /** Whether to split only where the measured costs predict a gain (else from [minParallelChars] on). */
    public val adaptiveSplit: Boolean = settings.adaptiveSplit

    /** Where split tasks run: the service's own executor, or `null` for the shared pool. */
    public val executor: Executor? = settings.executor

    init {
        require(streamBatchBytes >= 1) { "streamBatchBytes < 1: $streamBatchBytes" }
        require(streamBatchBytes <= MAX_STREAM_BATCH_BYTES) {
            "streamBatchBytes > $MAX_STREAM_BATCH_BYTES (ParallelJson.MAX_STREAM_BATCH_BYTES): $streamBatchBytes"
        }
    }

    private val arrays = settings.arrays()

    /** Whether array texts are read as plain JSON, so that they can be cut between elements (see above). */
    private val splitsDecoding: Boolean = splitsArrays(json)

    /** [json] without its lenient options, which reads a lenient [json]'s texts first (see above). */
    private val strict: Json = strictReading(json)

    /** Where the [Flow] paths block on a stream: [executor] if given, else [Dispatchers.IO]. */
    private val blockingDispatcher: CoroutineDispatcher = executor?.asCoroutineDispatcher() ?: Dispatchers.IO

    /** Stream decoding, cuts guessed and proved by decoding. */
    private val streams =
        StreamDecoding(
            json,
            arrays.runner,
            streamBatchBytes,
            2 * parallelism,
            blockingDispatcher,
            guessCuts = true,
            fallbacks = arrays.fallbacks,
        )

    /** Any document, split at its large arrays and maps (see the class's documentation). */
    private val documents = Documents(json, arrays, parallelism, minParallelChars)

    /** Documents read by [strict]: [documents] itself unless [json] is lenient. */
    private val strictDocuments =
        if (strict === json) documents else Documents(strict, arrays, parallelism, minParallelChars, false)

    /** The [json]'s module: where the reified calls look up the serializer of their type argument. */
    override val serializersModule: SerializersModule get() = json.serializersModule

    /**
     * [value] as JSON, byte-identical to `json.encodeToString(serializer, value)`, its large lists and maps (the
     * value itself, or members of its classes) encoded in chunks on several threads where that gains; a failure
     * is the one [json] gives.
     */
    override fun <T> encodeToString(serializer: SerializationStrategy<T>, value: T): String {
        arrays.checkOpen(NAME)
        return documents.encode(serializer, value)
    }

    /**
     * What `json.decodeFromString(deserializer, string)` returns, or its [SerializationException] (same class,
     * message and offset), the document's large arrays and objects decoded in slices on several threads where
     * that gains.
     */
    override fun <T> decodeFromString(deserializer: DeserializationStrategy<T>, string: String): T {
        arrays.checkOpen(NAME)
        if (strictDocuments === documents) return documents.decode(deserializer, string)
        if (string.length < minParallelChars) return json.decodeFromString(deserializer, string)
        return try {
            strictDocuments.decode(deserializer, string)
        } catch (e: SerializationException) {
            // Refused by the strict reading (an unquoted string, a trailing comma, or a real error):
            // the lenient Json reads the whole text and gives its own value or exception.
            arrays.fallbacks.add(Fallback.LENIENT_TEXT)
            json.decodeFromString(deserializer, string)
        }
    }

    /** UTF-8 bytes of [encodeToString]. */
    public fun <T> encodeToByteArray(serializer: SerializationStrategy<T>, value: T): ByteArray =
        encodeToString(serializer, value).encodeToByteArray()

    /**
     * [decodeFromString] of UTF-8 [bytes], holding besides them one string of the decoded text. Malformed UTF-8 is
     * a [SerializationException] naming the byte offset, never silently replaced; offsets in JSON errors count
     * characters of the decoded text.
     */
    public fun <T> decodeFromByteArray(deserializer: DeserializationStrategy<T>, bytes: ByteArray): T {
        // closed first: a call after close() fails as closed whatever its bytes hold
        arrays.checkOpen(NAME)
        return decodeFromString(deserializer, decodeUtf8(bytes))
    }

    /**
     * Writes [value] to [stream] as UTF-8, byte-identical to `json.encodeToStream(serializer, value, stream)`. A
     * top-level list is written in chunks of about [streamBatchBytes] bytes, encoded concurrently and written in
     * order as they complete (on a failure, what came before has been written); any other value is encoded as
     * [encodeToString] does, then written (on a failure, nothing is). The stream is not closed.
     */
    public fun <T> encodeToStream(serializer: SerializationStrategy<T>, value: T, stream: OutputStream) {
        arrays.checkOpen(NAME)
        val list = documents.routes.list(serializer)
        if (list != null && value is List<*>) {
            streamEncoder(list.engine, stream).use { encoder ->
                for (item in value) encoder.add(item)
                encoder.finish()
            }
        } else {
            stream.write(encodeToByteArray(serializer, value))
        }
    }

    /**
     * What `json.decodeFromStream(deserializer, stream)` returns. A top-level list is read in batches decoded on
     * the pool as the stream is read ([decodeToSequence]); any other document is read whole, then decoded as
     * [decodeFromString] does, and where it fails, or is not well-formed UTF-8, [json] decodes the bytes read and
     * throws its own exception. The stream is not closed.
     */
    public fun <T> decodeFromStream(deserializer: DeserializationStrategy<T>, stream: InputStream): T {
        arrays.checkOpen(NAME)
        val list = documents.routes.list(deserializer)
        @Suppress("UNCHECKED_CAST")
        if (list != null) return streams.list(list.element, stream) as T
        val bytes = stream.readBytes()
        val text = try {
            decodeUtf8(bytes)
        } catch (e: SerializationException) {
            return json.decodeFromStream(deserializer, bytes.inputStream())
        }
        return try {
            decodeFromString(deserializer, text)
        } catch (e: SerializationException) {
            // Json's stream reader words its failures otherwise than its string reader: its own exception.
            json.decodeFromStream(deserializer, bytes.inputStream())
        }
    }

    /**
     * The values read from UTF-8 [stream], lazily and in order, as `json.decodeToSequence(stream, deserializer,
     * format)` yields them. In [DecodeSequenceMode.ARRAY_WRAPPED] (and [DecodeSequenceMode.AUTO_DETECT] when the
     * stream starts with `[`) the stream is read as the sequence is iterated, in batches of whole elements (64 KiB
     * at first, growing to about [streamBatchBytes] bytes) that the pool decodes while the iterating thread reads
     * on. Beside the batch being iterated, at most `2 * parallelism` batches are read ahead; a batch ends where an
     * element ends, so it is at most one element longer than its size, and one read of up to 64 KiB may be under
     * way: at most `(2 * parallelism + 1) * (streamBatchBytes + the longest element) + 64 KiB` bytes are read beyond
     * the elements yielded. Memory does not grow with the stream's length, and a slow consumer slows the reading.
     * Where to cut is guessed from the bytes near each batch's end and proved by decoding; where a guess fails, or
     * none can be made, every byte is scanned. Values separated by whitespace are [json]'s own sequence.
     *
     * Failures are those of [json] at the same element, with the same exception class: the elements before are
     * yielded first, and no element that [json] does not yield (a number with junk stuck to it fails whole, as in
     * kotlinx). A failure in a single-value element is worded as kotlinx words it; inside an object or array, as
     * kotlinx's string reader words it. Where kotlinx's stream reader itself crashes (an
     * `ArrayIndexOutOfBoundsException` on `[true,` in kotlinx 1.11), this is a [SerializationException]. Offsets
     * in messages count bytes of the whole stream (kotlinx counts characters of its buffer). Unlike [json],
     * malformed UTF-8 is a [SerializationException] at its byte offset rather than U+FFFD, and a leading UTF-8
     * byte order mark is skipped. Where [stream] fails (an [java.io.IOException]), every element read whole before is
     * yielded first (`Json` stops a few KiB earlier, where its read-ahead met the failure), then that exception. The
     * stream is not closed. The sequence can be iterated once, by one thread at a
     * time; abandoning it before its end needs no closing: the batches read ahead hold nothing of it, and the pool
     * skips them once it is garbage. Of all streams of this instance, at most `4 * parallelism` batches wait for
     * the pool; the iterating thread decodes those the pool has no room for.
     * Should this instance be closed meanwhile, the iterating thread decodes the rest alone. From Java, the
     * overload without [format] takes [DecodeSequenceMode.AUTO_DETECT].
     */
    @JvmOverloads
    public fun <T> decodeToSequence(
        stream: InputStream,
        deserializer: DeserializationStrategy<T>,
        format: DecodeSequenceMode = DecodeSequenceMode.AUTO_DETECT,
    ): Sequence<T> {
        arrays.checkOpen(NAME)
        if (deserializer !is KSerializer<T> || format == DecodeSequenceMode.WHITESPACE_SEPARATED) {
            return json.decodeToSequence(stream, deserializer, format)
        }
        if (format == DecodeSequenceMode.ARRAY_WRAPPED) return streams.sequence(deserializer, stream)
        val marked = if (stream.markSupported()) stream else BufferedInputStream(stream)
        return if (StreamStart.isArray(marked)) {
            streams.sequence(deserializer, marked)
        } else {
            json.decodeToSequence(marked, deserializer, format)
        }
    }

    /**
     * [decodeToSequence] (in [DecodeSequenceMode.AUTO_DETECT]) as an [Iterable], for Java's `for (T value : ...)`:
     * like a `java.nio.file.DirectoryStream`, it gives one iterator, and reads [stream] as that iterator is
     * advanced; a second call of `iterator()` throws [IllegalStateException]. The stream is not closed.
     */
    public fun <T> decodeToIterable(stream: InputStream, deserializer: DeserializationStrategy<T>): Iterable<T> {
        val sequence = decodeToSequence(stream, deserializer).constrainOnce()
        return Iterable { sequence.iterator() }
    }

    /**
     * [decodeToSequence] of the elements of a JSON array as a cold [Flow]: the stream is read on [executor] (or
     * [Dispatchers.IO]) and decoded on the pool, and
     * each element emitted in order in the collector's context. Cancelling the collector stops the reading and
     * drops the batches not yet started. A batch is handed to the collector only when it has taken the previous
     * one (no buffer beyond the decoder's own look-ahead), so a slow collector slows the reading and memory stays
     * that of [decodeToSequence]. The stream can be collected once.
     */
    public fun <T> decodeToFlow(stream: InputStream, deserializer: DeserializationStrategy<T>): Flow<T> {
        arrays.checkOpen(NAME)
        return streams.flow(deserializer, stream)
    }

    /** [encodeToStream] of a list of elements of a length not known in advance, taken from [values] as they come. */
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

    /** `json.parseToJsonElement(string)`, its large arrays and objects parsed in slices on several threads. */
    public fun parseToJsonElement(string: String): JsonElement {
        arrays.checkOpen(NAME)
        if (strictDocuments === documents) return documents.decode(JsonElement.serializer(), string)
        return try {
            strictDocuments.decode(JsonElement.serializer(), string)
        } catch (e: SerializationException) {
            arrays.fallbacks.add(Fallback.LENIENT_TEXT)
            json.parseToJsonElement(string)
        }
    }

    /**
     * How often this instance's calls fell back so far, by reason: where a split path read a list, a member or a
     * document again, always for a named condition. A snapshot, for logs and metrics; counting costs nothing
     * measurable.
     */
    public fun fallbacks(): ParallelJsonFallbacks = ParallelJsonFallbacks(arrays.fallbacks::count)

    /**
     * What this instance did so far with the lists and maps long enough to split, whole or inside documents: split on
     * the pool, or read and written whole where splitting was predicted not to gain. A snapshot, as [fallbacks].
     */
    public fun splits(): ParallelJsonSplits = ParallelJsonSplits(arrays.splits::count)

    /** `json.encodeToJsonElement(serializer, value)`: a tree is built on the calling thread. */
    public fun <T> encodeToJsonElement(serializer: SerializationStrategy<T>, value: T): JsonElement {
        arrays.checkOpen(NAME)
        return json.encodeToJsonElement(serializer, value)
    }

    /** `json.decodeFromJsonElement(deserializer, element)`: a tree is read on the calling thread. */
    public fun <T> decodeFromJsonElement(deserializer: DeserializationStrategy<T>, element: JsonElement): T {
        arrays.checkOpen(NAME)
        return json.decodeFromJsonElement(deserializer, element)
    }

    /**
     * [encodeToString] for coroutines. A top-level list: the caller's share runs in its context, then it suspends
     * for the pool's. Any other document runs as [encodeToString] does, the caller taking its share of the parts.
     */
    public suspend fun <T> encodeToStringSuspending(serializer: SerializationStrategy<T>, value: T): String {
        arrays.checkOpen(NAME)
        val list = documents.routes.list(serializer)
        if (list != null && value is List<*>) return arrays.encodeSuspending(list.engine, value, list.key)
        return encodeToString(serializer, value)
    }

    /**
     * [decodeFromString] for coroutines. A top-level list: the caller's share runs in its context, then it
     * suspends for the pool's; cancelling skips the slices not yet started. Any other document runs as
     * [decodeFromString] does, the caller taking its share of the parts.
     */
    public suspend fun <T> decodeFromStringSuspending(deserializer: DeserializationStrategy<T>, string: String): T {
        arrays.checkOpen(NAME)
        val list = if (splitsDecoding) documents.routes.list(deserializer) else null
        @Suppress("UNCHECKED_CAST")
        if (list != null) return arrays.decodeSuspending(list.engine, string, list.key) as T
        return decodeFromString(deserializer, string)
    }

    /** UTF-8 bytes of [encodeToStringSuspending]. */
    public suspend fun <T> encodeToByteArraySuspending(serializer: SerializationStrategy<T>, value: T): ByteArray =
        encodeToStringSuspending(serializer, value).encodeToByteArray()

    /** [decodeFromByteArray] for coroutines, as [decodeFromStringSuspending]. */
    public suspend fun <T> decodeFromByteArraySuspending(
        deserializer: DeserializationStrategy<T>,
        bytes: ByteArray,
    ): T {
        arrays.checkOpen(NAME)
        return decodeFromStringSuspending(deserializer, decodeUtf8(bytes))
    }

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

    /** The factory of builders, for Java, and the defaults and limits of the settings. */
    public companion object {
        /**
         * A builder of a [ParallelJson] with [json]'s results, its settings at their defaults:
         * `ParallelJson.builder(json).parallelism(4).executor(pool).build()`.
         */
        @JvmStatic
        @JvmOverloads
        public fun builder(json: Json = Json): ParallelJsonBuilder = ParallelJsonBuilder(json)

        /** The instance [ParallelJsonBuilder.build] makes of its settings. */
        internal fun of(settings: ParallelJsonBuilder): ParallelJson = ParallelJson(settings)

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
        public const val MAX_PARALLELISM: Int = ParallelJsonArrays.MAX_PARALLELISM

        /**
         * Chunks (encoding) or slices (decoding) per thread at least: more than threads, so that a slow one does
         * not leave the other threads idle.
         */
        public const val DEFAULT_CHUNKS_PER_THREAD: Int = 8

        private const val NAME = "ParallelJson"

        private fun decodeUtf8(bytes: ByteArray): String =
            Utf8.decode(bytes, 0, bytes.size, totalBytes = bytes.size.toLong())
    }
}

/**
 * A [ParallelJson] with [json]'s results, configured by [builderAction] in the style of `Json { }`:
 * `ParallelJson(json) { parallelism = 4; executor = pool }`. Bad settings fail here with
 * [IllegalArgumentException], naming the setting and its value.
 */
@JvmSynthetic
public fun ParallelJson(json: Json = Json, builderAction: ParallelJsonBuilder.() -> Unit = {}): ParallelJson =
    ParallelJson.builder(json).apply(builderAction).build()

/** [ParallelJson.decodeToFlow] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.decodeToFlow(stream: InputStream): Flow<T> =
    decodeToFlow(stream, serializersModule.serializer<T>())

/** [ParallelJson.decodeFromStream] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.decodeFromStream(stream: InputStream): T =
    decodeFromStream(serializersModule.serializer<T>(), stream)

/** [ParallelJson.encodeToStream] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.encodeToStream(value: T, stream: OutputStream): Unit =
    encodeToStream(serializersModule.serializer<T>(), value, stream)

/** [ParallelJson.decodeToSequence] with the serializer of [T] from the [ParallelJson.json]'s module. */
public inline fun <reified T> ParallelJson.decodeToSequence(
    stream: InputStream,
    format: DecodeSequenceMode = DecodeSequenceMode.AUTO_DETECT,
): Sequence<T> = decodeToSequence(stream, serializersModule.serializer<T>(), format)

/** [ParallelJson.encodeToStringSuspending] with the serializer of [T] from the [ParallelJson.json]'s module. */
public suspend inline fun <reified T> ParallelJson.encodeToStringSuspending(value: T): String =
    encodeToStringSuspending(serializersModule.serializer<T>(), value)

/** [ParallelJson.decodeFromStringSuspending] with the serializer of [T] from the [ParallelJson.json]'s module. */
public suspend inline fun <reified T> ParallelJson.decodeFromStringSuspending(string: String): T =
    decodeFromStringSuspending(serializersModule.serializer<T>(), string)
