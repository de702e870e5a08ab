package serialbench.parallel

import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.collect
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.DecodeSequenceMode.ARRAY_WRAPPED
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.decodeToSequence
import kotlinx.serialization.json.encodeToStream
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.junit.jupiter.params.provider.MethodSource
import serialbench.parallel.fixtures.ChunkedInputStream
import serialbench.parallel.fixtures.ChunkedInputStream.Reads
import serialbench.parallel.fixtures.DecodingFailure
import serialbench.parallel.fixtures.MalformedJson
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import serialbench.parallel.fixtures.StreamEncodingMessages
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.InputStream
import kotlin.random.Random

/** ParallelJson on streams against kotlinx's own stream functions: same elements, same bytes, same failures. */
@OptIn(ExperimentalSerializationApi::class)
@Timeout(300)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonStreamsTest {
    private val objects = Records.generate(300)
    private val mixed = List(10) { Records.adversarial }.flatten() + objects.take(20)
    private val pretty = Json { prettyPrint = true }
    private val list = ListSerializer(Record.serializer())

    /**
     * Tiny batches (many batch boundaries in small inputs), and the default; cuts guessed, and two scanning
     * exactly.
     */
    private val instances = listOf(
        StreamDecodingUnderTest(
            ParallelJson(Json) {
                parallelism = 2
                streamBatchBytes = 64
            },
        ),
        StreamDecodingUnderTest(
            ParallelJson(Json) {
                parallelism = 3
                streamBatchBytes = 1000
            },
        ),
        StreamDecodingUnderTest(
            ParallelJson(pretty) {
                parallelism = 2
                streamBatchBytes = 300
            },
        ),
        StreamDecodingUnderTest(ParallelJson(Json) { parallelism = 2 }),
        StreamDecodingUnderTest(
            ParallelJson(Json) {
                parallelism = 1
                streamBatchBytes = 100
            },
        ),
        StreamDecodingUnderTest(
            ParallelJson(Json) {
                parallelism = 2
                streamBatchBytes = 64
            },
            guessCuts = false,
        ),
        StreamDecodingUnderTest(
            ParallelJson(pretty) {
                parallelism = 2
                streamBatchBytes = 300
            },
            guessCuts = false,
        ),
    )

    fun instances() = instances

    @AfterAll
    fun close() = instances.forEach { it.close() }

    @ParameterizedTest(autoCloseArguments = false)
    @EnumSource(Reads::class)
    fun `decoding a stream yields what Json yields, however the stream delivers its bytes`(reads: Reads) {
        for (parallel in instances) {
            for (values in listOf(objects, mixed, objects.take(1), emptyList())) {
                val bytes = parallel.json.encodeToString(list, values).encodeToByteArray()
                assertYieldsLikeJson(parallel, Record.serializer(), bytes, reads)
            }
            val ints = (-300..300).joinToString(" , ", " [ ", " ] ").encodeToByteArray()
            assertYieldsLikeJson(parallel, Int.serializer(), ints, reads)
            val strings = Json.encodeToString(ListSerializer(String.serializer()), mixed.flatMap { it.items })
            assertYieldsLikeJson(parallel, String.serializer(), strings.encodeToByteArray(), reads)
        }
    }

    @ParameterizedTest(autoCloseArguments = false)
    @EnumSource(Reads::class)
    fun `malformed and truncated streams fail like Json, at the same element and with the same exception class`(
        reads: Reads,
    ) {
        val random = Random(0)
        val values = List(3) { Records.adversarial }.flatten() + objects.take(10)
        for (parallel in instances) {
            val valid = parallel.json.encodeToString(list, values)
            val cut = List(20) { valid.encodeToByteArray().let { bytes -> bytes.copyOf(random.nextInt(bytes.size)) } }
            for (bytes in MalformedJson.variants(valid).map { it.encodeToByteArray() } + cut) {
                assertYieldsLikeJson(parallel, Record.serializer(), bytes, reads)
            }
        }
    }

    @ParameterizedTest(autoCloseArguments = false)
    @EnumSource(Reads::class)
    fun `cut guesses that fall inside strings, nested structures or huge elements still decode like Json`(
        reads: Reads,
    ) {
        val tricky = mixed.mapIndexed { i, o ->
            when (i % 4) {
                0 -> o.copy(name = "},{\"name\":\"x\"},{" + o.name)
                1 -> o.copy(items = o.items + listOf("} , {", "}\n,\n{", "],["))
                2 -> o.copy(name = "}]},{[{")
                else -> o
            }
        }
        val nested = ListSerializer(ListSerializer(Record.serializer()))
        val lists = tricky.chunked(3)
        // Guessed batches first, then an element longer than any guess looks ahead: the exact scan goes on from there.
        val huge = objects.take(20) + objects[0].copy(name = "x".repeat(40_000)) + objects.take(20)
        for (parallel in instances) {
            val hugeBytes = parallel.json.encodeToString(list, huge).encodeToByteArray()
            assertYieldsLikeJson(parallel, Record.serializer(), hugeBytes, reads)
            val bytes = parallel.json.encodeToString(list, tricky).encodeToByteArray()
            assertYieldsLikeJson(parallel, Record.serializer(), bytes, reads)
            val nestedBytes = parallel.json.encodeToString(nested, lists).encodeToByteArray()
            assertYieldsLikeJson(parallel, ListSerializer(Record.serializer()), nestedBytes, reads)
            val broken = bytes.decodeToString()
                .let { it.replaceRange(it.length * 3 / 4, it.length * 3 / 4 + 1, "\u0000") }
            assertYieldsLikeJson(parallel, Record.serializer(), broken.encodeToByteArray(), reads)
        }
    }

    @Test
    fun `a comment inside a nested array of JsonElements decodes from a stream as Json decodes it`() {
        val serializer = JsonElement.serializer()
        for (text in listOf("[[1,/*c*/true]]", "[{\"a\":[/*c*/1]},[/x/],2]", "[[1,'q'],[it's]]")) {
            val bytes = text.encodeToByteArray()
            val expected = Json.decodeFromStream(ListSerializer(serializer), bytes.inputStream())
            assertThat(Json.decodeToSequence(bytes.inputStream(), serializer).toList()).isEqualTo(expected)
            for (parallel in instances) {
                assertThat(parallel.decodeFromStream(serializer, bytes.inputStream())).`as`("$parallel: $text")
                    .isEqualTo(expected)
                assertThat(parallel.decodeToSequence(serializer, bytes.inputStream()).toList())
                    .`as`("$parallel: $text").isEqualTo(expected)
            }
        }
    }

    @Test
    fun `guessed and exact cuts give the same elements and the same failure, message for message`() {
        val text = Json.encodeToString(list, Records.generate(400) + mixed)
        val at = text.lastIndexOf("\"value\":")
        val wrong = text.substring(0, at) + "\"value\":\"seven\"" + text.substring(text.indexOf(',', at))
        val outcomes = listOf(true, false).map { guess ->
            val parallelJson = ParallelJson(Json) {
                parallelism = 2
                streamBatchBytes = 2000
            }
            StreamDecodingUnderTest(parallelJson, guess).use { decoding ->
                listOf(text, wrong).map {
                    drainWithMessage { decoding.decodeToSequence(Record.serializer(), it.byteInputStream()) }
                }
            }
        }
        assertThat(outcomes[0]).isEqualTo(outcomes[1])
        assertThat(outcomes[0][1].second).contains("at path: \$[${400 + mixed.size - 1}].value")
    }

    @Test
    fun `a stream that fails or waits after the array's end has yielded every element first`() {
        val bytes = Json.encodeToString(list, objects).encodeToByteArray()
        for (guess in listOf(true, false)) {
            val parallelJson = ParallelJson(Json) {
                parallelism = 2
                streamBatchBytes = 1000
            }
            StreamDecodingUnderTest(parallelJson, guess).use { parallel ->
                // Delivers the array 4 KiB at a time, then fails as a reset connection would instead of ending.
                val stream = object : InputStream() {
                    private var position = 0

                    override fun read(): Int = throw UnsupportedOperationException()

                    override fun read(b: ByteArray, off: Int, len: Int): Int {
                        if (position == bytes.size) throw IOException("connection reset")
                        val n = minOf(len, 4096, bytes.size - position)
                        bytes.copyInto(b, off, position, position + n)
                        position += n
                        return n
                    }
                }
                val yielded = mutableListOf<Record>()
                assertThatThrownBy { parallel.decodeToSequence(Record.serializer(), stream).forEach { yielded += it } }
                    .isExactlyInstanceOf(IOException::class.java)
                    .hasMessage("connection reset")
                assertThat(yielded).`as`("guessed cuts: $guess").isEqualTo(objects)
            }
        }
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `a stream that fails inside the array yields every element read whole first, and at least what Json yields`(
        parallel: StreamDecodingUnderTest,
    ) {
        val bytes = parallel.json.encodeToString(list, objects).encodeToByteArray()
        // Where element k ends in the stream: the text of the first k + 1 elements, without its closing bracket.
        val ends = objects.indices.map { k ->
            val prefix = parallel.json.encodeToString(list, objects.take(k + 1)).dropLast(1).trimEnd()
            assertThat(bytes.decodeToString()).startsWith(prefix)
            prefix.encodeToByteArray().size
        }
        for (k in listOf(0, 1, 17, 150, objects.size - 2)) {
            for (failAt in listOf(ends[k] - 1, ends[k], ends[k] + 1)) {
                val yielded = mutableListOf<Record>()
                assertThatThrownBy {
                    parallel.decodeToSequence(Record.serializer(), FailingAt(bytes, failAt)).forEach { yielded += it }
                }
                    .isExactlyInstanceOf(IOException::class.java)
                    .hasMessage("connection reset at $failAt")
                val whole = ends.count { it <= failAt }
                assertThat(
                    yielded,
                ).`as`("elements yielded before a failure at byte $failAt").isEqualTo(objects.take(whole))
                val byJson = mutableListOf<Record>()
                assertThatThrownBy {
                    parallel.json.decodeToSequence(FailingAt(bytes, failAt), Record.serializer(), ARRAY_WRAPPED)
                        .forEach { byJson += it }
                }.isExactlyInstanceOf(IOException::class.java)
                assertThat(byJson).`as`("Json's elements before a failure at byte $failAt")
                    .isEqualTo(yielded.take(byJson.size))
            }
        }
    }

    /** Delivers [bytes] up to [failAt], 4 KiB at a time, then fails as a reset connection would. */
    private class FailingAt(private val bytes: ByteArray, private val failAt: Int) : InputStream() {
        private var position = 0

        override fun read(): Int = throw UnsupportedOperationException()

        override fun read(b: ByteArray, off: Int, len: Int): Int {
            if (position == failAt) throw IOException("connection reset at $failAt")
            val n = minOf(len, 4096, failAt - position)
            bytes.copyInto(b, off, position, position + n)
            position += n
            return n
        }
    }

    @Test
    fun `random lists with random separators decode like Json`() {
        val random = Random(1)
        val parallel = instances[0]
        repeat(200) {
            val values = List(random.nextInt(40)) { random.nextInt() }
            val separators = listOf(",", " ,", ", ", "\n,\t", ",,", " ", "]", ",]")
            val text = values.joinToString("") {
                "$it" + separators[if (random.nextInt(30) == 0) random.nextInt(separators.size) else 0]
            }
            val bytes = ("[" + text.dropLast(1) + "]").encodeToByteArray()
            assertYieldsLikeJson(parallel, Int.serializer(), bytes, Reads.A_FEW_BYTES)
        }
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `decodeFromStream and the flow return what Json returns`(parallel: StreamDecodingUnderTest) {
        val bytes = parallel.json.encodeToString(list, mixed).encodeToByteArray()
        assertThat(
            parallel.decodeFromStream(Record.serializer(), ByteArrayInputStream(bytes)),
        ).isEqualTo(mixed)
        val flowed = runBlocking { parallel.decodeToFlow(ByteArrayInputStream(bytes), Record.serializer()).toList() }
        assertThat(flowed).isEqualTo(mixed)

        val broken = bytes.copyOf(bytes.size - 5)
        val expected = runCatching { parallel.json.decodeFromStream(list, ByteArrayInputStream(broken)) }
            .exceptionOrNull()!!
        assertThatThrownBy {
            parallel.decodeFromStream(Record.serializer(), ByteArrayInputStream(broken))
        }
            .isExactlyInstanceOf(expected.javaClass)
        val flowedBroken = mutableListOf<Record>()
        val flowError = runCatching {
            runBlocking {
                parallel.decodeToFlow(ByteArrayInputStream(broken), Record.serializer()).collect { flowedBroken += it }
            }
        }.exceptionOrNull()
        assertThat(flowError).isExactlyInstanceOf(expected.javaClass)
        assertThat(flowedBroken).isEqualTo(mixed.dropLast(1))
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `encoding to a stream is byte-identical to Json for lists, sequences and flows`(
        decoding: StreamDecodingUnderTest,
    ) {
        val parallel = decoding.parallel
        for (values in listOf(emptyList(), objects.take(1), objects.take(2), objects.take(3), objects, mixed)) {
            val expected = ByteArrayOutputStream().also { parallel.json.encodeToStream(list, values, it) }.toByteArray()
            val fromList = ByteArrayOutputStream().also { parallel.encodeToStream(list, values, it) }
            val fromSequence = ByteArrayOutputStream()
                .also { parallel.encodeToStream(Record.serializer(), values.asSequence(), it) }
            val fromFlow = ByteArrayOutputStream()
                .also { runBlocking { parallel.encodeToStream(Record.serializer(), values.asFlow(), it) } }
            for (actual in listOf(fromList, fromSequence, fromFlow)) {
                assertThat(actual.toByteArray()).`as` { "${values.size} values with $parallel" }.isEqualTo(expected)
            }
        }
        val ints = (-2000..2000).toList()
        val expected = ByteArrayOutputStream()
            .also { parallel.json.encodeToStream(ListSerializer(Int.serializer()), ints, it) }
        val actual = ByteArrayOutputStream().also { parallel.encodeToStream<List<Int>>(ints, it) }
        assertThat(actual.toByteArray()).isEqualTo(expected.toByteArray())
    }

    @Test
    fun `encoding to a stream fails with the first failing element's own exception`() {
        val parallel = instances[1].parallel
        val values = List(3000) { it.toDouble() } + Double.NaN + List(3000) { it.toDouble() } + Double.POSITIVE_INFINITY
        val expected = runCatching {
            Json.encodeToStream(ListSerializer(Double.serializer()), values, ByteArrayOutputStream())
        }.exceptionOrNull()!!
        val thrown = runCatching { parallel.encodeToStream<List<Double>>(values, ByteArrayOutputStream()) }
            .exceptionOrNull()
        assertThat(thrown).isExactlyInstanceOf(expected.javaClass)
        assertThat(StreamEncodingMessages.comparable(thrown!!.message))
            .isEqualTo(StreamEncodingMessages.comparable(expected.message))
    }

    @Test
    fun `malformed UTF-8 in a stream fails at its byte offset, after the elements before it`() {
        val parallel = instances[0]
        val text = Json.encodeToString(list, objects)
        val bytes = text.encodeToByteArray()
        val at = text.indexOf("\"items\"", text.length / 2) + 12
        bytes[at] = 0xC3.toByte()
        bytes[at + 1] = 0x28
        val elementsBefore = text.substring(0, at).split("},{").size - 1
        val yielded = mutableListOf<Record>()
        val stream = ChunkedInputStream(bytes, Reads.A_FEW_BYTES.readBytes)
        assertThatThrownBy { parallel.decodeToSequence(Record.serializer(), stream).forEach { yielded += it } }
            .isExactlyInstanceOf(SerializationException::class.java)
            .hasMessage("Malformed UTF-8 at byte offset $at: 1 byte(s) that are not valid UTF-8")
        assertThat(yielded).isEqualTo(objects.take(elementsBefore))
    }

    @Test
    fun `a UTF-8 byte order mark at the start of a stream is skipped`() {
        val bom = byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte())
        val bytes = bom + Json.encodeToString(list, mixed).encodeToByteArray()
        for (reads in Reads.entries) {
            val stream = ChunkedInputStream(bytes, reads.readBytes)
            assertThat(instances[0].decodeToSequence(Record.serializer(), stream).toList()).isEqualTo(mixed)
        }
    }

    @Test
    fun `taking the first element reads no more than the bound the KDoc states`() {
        val batchBytes = 64 * 1024
        val values = Records.generate(40_000)
        val bytes = Json.encodeToString(list, values).encodeToByteArray()
        val longestElement = values.maxOf { Json.encodeToString(Record.serializer(), it).encodeToByteArray().size }
        val bound = (2 * 4 + 1) * (batchBytes + longestElement) + 64 * 1024
        ParallelJson(Json) {
            parallelism = 4
            streamBatchBytes = batchBytes
        }.use { parallel ->
            // the reading races the pool's decoding: several tries give each interleaving its chance
            repeat(5) { attempt ->
                val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
                assertThat(parallel.decodeToSequence(stream, Record.serializer()).first()).isEqualTo(values.first())
                assertThat(stream.bytesRead).describedAs("bytes read for the first element, try ${attempt + 1}")
                    .isLessThanOrEqualTo(bound).isLessThan(bytes.size)
            }
        }
    }

    @Test
    fun `an error far into a stream names its byte offset in the whole stream and the element's index`() {
        val parallel = instances[3]
        val text = Json.encodeToString(list, Records.generate(2000))
        val at = text.lastIndexOf("\"value\":")
        val wrong = text.substring(0, at) + "\"value\":\"seven\"" + text.substring(text.indexOf(',', at))
        val expectedError = runCatching { Json.decodeFromString(list, wrong) }.exceptionOrNull()!!
        val thrownError = runCatching { parallel.decodeFromStream(Record.serializer(), wrong.byteInputStream()) }
            .exceptionOrNull()!!
        assertThat(thrownError).isExactlyInstanceOf(expectedError.javaClass)
        val expected = DecodingFailure.of(expectedError)
        val thrown = DecodingFailure.of(thrownError)
        assertThat(thrown.offset).isEqualTo(expected.offset).isNotNull()
        assertThat(thrown.path).isEqualTo(expected.path).isEqualTo("\$[1999].value")
    }

    @Test
    fun `no read asks the stream for more than the 64 KiB the look-ahead bound counts`() {
        val bytes = Json.encodeToString(list, Records.generate(20_000)).encodeToByteArray()
        for (parallel in instances) {
            val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
            assertThat(parallel.decodeToSequence(Record.serializer(), stream).count()).isEqualTo(20_000)
            assertThat(
                stream.largestRequestBytes,
            ).`as`("the largest read with $parallel").isLessThanOrEqualTo(64 * 1024)
        }
    }

    @Test
    fun `the first element comes after about one batch and a slow consumer slows the reading`() {
        val parallel = instances[1]
        val bytes = Json.encodeToString(list, Records.generate(3000)).encodeToByteArray()
        val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
        val iterator = parallel.decodeToSequence(Record.serializer(), stream).iterator()
        iterator.next()
        // At most 2 x parallelism batches of 1000 bytes ahead, each up to one element longer, plus one read buffer.
        val bound = 2 * 3 * (1000 + 1400) + 64 * 1024 + 1000
        assertThat(stream.bytesRead).isLessThanOrEqualTo(bound).isLessThan(bytes.size)
        repeat(100) { iterator.next() }
        assertThat(stream.bytesRead).isLessThanOrEqualTo(bound + 100 * 1400)
    }

    @Test
    fun `a flow's slow collector slows the reading as a sequence's does, with no buffer of batches between them`() {
        runBlocking {
            val parallel = instances[1]
            val bytes = Json.encodeToString(list, Records.generate(3000)).encodeToByteArray()
            val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
            var readWhileWaiting = -1L
            parallel.decodeToFlow(stream, Record.serializer()).take(2).collect {
                if (readWhileWaiting < 0) {
                    delay(300)
                    readWhileWaiting = stream.bytesRead.toLong()
                }
            }
            // The sequence's bound, plus the batch in the collector's hands and the one waiting to be handed over.
            val bound = 2 * 3 * (1000 + 1400) + 64 * 1024 + 1000 + 2 * (1000 + 1400)
            assertThat(readWhileWaiting).isLessThanOrEqualTo(bound.toLong())
        }
    }

    @Test
    fun `cancelling a flow's collector stops reading the stream`(): Unit = runBlocking {
        val parallel = instances[1]
        val bytes = Json.encodeToString(list, Records.generate(3000)).encodeToByteArray()
        val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
        val firstTen = parallel.decodeToFlow(stream, Record.serializer()).take(10).toList()
        assertThat(firstTen).isEqualTo(Records.generate(10))
        val readAtCancel = stream.bytesRead
        assertThat(readAtCancel).isLessThan(bytes.size)
        Thread.sleep(50)
        assertThat(stream.bytesRead).`as`("bytes read after the collector was cancelled").isEqualTo(readAtCancel)
    }

    @Test
    fun `a flow of a lenient Json reads nothing until it is collected, as a splitting one`(): Unit = runBlocking {
        val bytes = Json.encodeToString(list, objects).encodeToByteArray()
        ParallelJson(Json { isLenient = true }) { parallelism = 2 }.use { lenient ->
            val stream = ChunkedInputStream(bytes, Reads.LARGE_BLOCKS.readBytes)
            val flow = lenient.decodeToFlow(stream, Record.serializer())
            assertThat(stream.bytesRead).`as`("bytes read before the flow is collected").isZero()
            assertThat(flow.toList()).isEqualTo(objects)
        }
    }

    private fun <T> assertYieldsLikeJson(
        parallel: StreamDecodingUnderTest,
        serializer: KSerializer<T>,
        bytes: ByteArray,
        reads: Reads,
    ) {
        val expected = drain {
            val stream = ChunkedInputStream(bytes, reads.readBytes)
            Json.decodeToSequence(stream, serializer, DecodeSequenceMode.ARRAY_WRAPPED)
        }
        val actual = drain { parallel.decodeToSequence(serializer, ChunkedInputStream(bytes, reads.readBytes)) }
        val ending = bytes.decodeToString().takeLast(20)
        val description = "${bytes.size} bytes ending '$ending' read as $reads with $parallel"
        assertThat(actual.second).`as` { "$description: ${actual.second}" }.isEqualTo(expected.second)
        assertThat(actual.first).`as`(description).isEqualTo(expected.first)
    }

    /** The elements a sequence yields, and the message of the exception that ended it, if one did. */
    private fun <T> drainWithMessage(sequence: () -> Sequence<T>): Pair<List<T>, String?> {
        val elements = mutableListOf<T>()
        val failure = runCatching { sequence().forEach { elements += it } }.exceptionOrNull()
        return elements to failure?.let { "${it.javaClass.name}: ${it.message}" }
    }

    /** The elements a sequence yields, and the class of the exception that ended it, if one did. */
    private fun <T> drain(sequence: () -> Sequence<T>): Pair<List<T>, Class<*>?> {
        val elements = mutableListOf<T>()
        val failure = runCatching { sequence().forEach { elements += it } }.exceptionOrNull()
        if (failure != null && failure !is SerializationException && failure !is IllegalArgumentException) throw failure
        return elements to failure?.javaClass
    }
}
