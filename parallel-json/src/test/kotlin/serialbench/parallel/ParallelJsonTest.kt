package serialbench.parallel

import kotlinx.coroutines.runBlocking
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encodeToString
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.fixtures.MalformedJson
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import java.lang.management.ManagementFactory
import java.util.concurrent.Executor

@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonTest {
    private val objects = Records.generate(300)
    private val mixed = List(40) { Records.adversarial }.flatten() + objects.take(20)
    private val pretty = Json { prettyPrint = true }
    private val tabs = Json {
        prettyPrint = true
        prettyPrintIndent = "\t"
    }

    /** Default thresholds, and thresholds of zero so that even tiny inputs take the parallel path. */
    private val instances = listOf(
        ParallelJson(Json) { parallelism = 2 },
        ParallelJson(Json) {
            parallelism = 3
            minParallelChars = 0
            adaptiveSplit = false
        },
        ParallelJson(Json) {
            parallelism = 4
            minParallelChars = 0
            adaptiveSplit = false
            chunksPerThread = 7
        },
        ParallelJson(pretty) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
        },
        ParallelJson(tabs) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
        },
        ParallelJson(Json) { parallelism = 1 },
    )

    fun instances() = instances

    @AfterAll
    fun close() = instances.forEach { it.close() }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `encoding is byte-identical to Json for every size`(parallel: ParallelJson) {
        for (size in listOf(0, 1, 2, 3, 7, 10, 100, 300)) {
            assertEncodesLikeJson(parallel, Record.serializer(), objects.take(size))
        }
        assertEncodesLikeJson(parallel, Record.serializer(), mixed)
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `encoding is byte-identical to Json for primitive and nested elements`(parallel: ParallelJson) {
        assertEncodesLikeJson(parallel, Int.serializer(), (-500..500).toList())
        assertEncodesLikeJson(parallel, String.serializer(), mixed.flatMap { it.items })
        assertEncodesLikeJson(parallel, ListSerializer(Int.serializer()), List(50) { n -> List(n) { it } })
        assertEncodesLikeJson(parallel, Tree.serializer(), trees)
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `decoding returns what Json returns`(parallel: ParallelJson) {
        for (size in listOf(0, 1, 2, 3, 10, 300)) {
            assertDecodesLikeJson(parallel, Record.serializer(), parallel.json.encodeToString(list, objects.take(size)))
        }
        assertDecodesLikeJson(parallel, Record.serializer(), parallel.json.encodeToString(list, mixed))
        assertDecodesLikeJson(parallel, Int.serializer(), (-500..500).joinToString(",", "[", "]"))
        val strings = Json.encodeToString(ListSerializer(String.serializer()), mixed.flatMap { it.items })
        assertDecodesLikeJson(parallel, String.serializer(), strings)
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `decoding nested objects whose separators defeat the guessed cuts still returns what Json returns`(
        parallel: ParallelJson,
    ) {
        val text = parallel.json.encodeToString(ListSerializer(Tree.serializer()), trees)
        assertThat(text).containsPattern("\\},\\s*\\{")
        repeat(2) { assertDecodesLikeJson(parallel, Tree.serializer(), text) }
    }

    @Test
    fun `decoding accepts whitespace anywhere Json does`() {
        val parallel = instances[1]
        val spaced = objects.take(50)
            .joinToString(" ,\n\t", " \r\n[ \n", "\t]\n ") { Json.encodeToString(Record.serializer(), it) }
        assertDecodesLikeJson(parallel, Record.serializer(), spaced)
        assertThat(parallel.decodeFromString(ListSerializer(Record.serializer()), spaced)).isEqualTo(objects.take(50))
    }

    @ParameterizedTest(autoCloseArguments = false)
    @MethodSource("instances")
    fun `malformed input fails exactly as Json fails, offsets counted in the whole input`(parallel: ParallelJson) {
        val valid = parallel.json.encodeToString(list, objects)
        for (text in MalformedJson.variants(valid)) assertDecodesLikeJson(parallel, Record.serializer(), text)
    }

    @Test
    fun `an error near the end names its offset in the whole input, not in its slice`() {
        val parallel = instances[0]
        val valid = Json.encodeToString(list, objects)
        val at = valid.lastIndexOf("\"items\":")
        val broken = valid.replaceRange(at + 7, at + 8, ";")
        val thrown =
            catchSerializationException { parallel.decodeFromString(ListSerializer(Record.serializer()), broken) }
        val expected = catchSerializationException { Json.decodeFromString(list, broken) }
        assertThat(thrown).hasMessage(expected.message)
        val offset = Regex("offset (\\d+)").find(thrown.message!!)!!.groupValues[1].toInt()
        assertThat(offset).isBetween(at, at + 20)
    }

    @Test
    fun `a wrongly typed value in one element fails like Json`() {
        val parallel = instances[0]
        val valid = Json.encodeToString(list, objects)
        val at = valid.lastIndexOf("\"value\":")
        val wrong = valid.substring(0, at) + "\"value\":\"seven\"" + valid.substring(valid.indexOf(',', at))
        val thrown =
            catchSerializationException { parallel.decodeFromString(ListSerializer(Record.serializer()), wrong) }
        assertThat(thrown).hasMessage(catchSerializationException { Json.decodeFromString(list, wrong) }.message)
        assertThat(thrown.message).contains("offset")
    }

    @Test
    fun `byte arrays round-trip as UTF-8 and malformed UTF-8 is refused with its byte offset`() {
        val parallel = instances[1]
        val bytes = parallel.encodeToByteArray(ListSerializer(Record.serializer()), mixed)
        assertThat(bytes).isEqualTo(Json.encodeToString(list, mixed).encodeToByteArray())
        assertThat(parallel.decodeFromByteArray(ListSerializer(Record.serializer()), bytes)).isEqualTo(mixed)

        val broken = bytes.copyOf().also {
            it[1000] = 0xC3.toByte()
            it[1001] = 0x28
        }
        assertThatThrownBy { parallel.decodeFromByteArray(ListSerializer(Record.serializer()), broken) }
            .isInstanceOf(SerializationException::class.java)
            .hasMessageContaining("Malformed UTF-8 at byte offset 1000")
    }

    @Test
    fun `suspending variants give the same results as the blocking ones`(): Unit = runBlocking {
        val parallel = instances[2]
        val text = parallel.encodeToStringSuspending(ListSerializer(Record.serializer()), mixed)
        assertThat(text).isEqualTo(Json.encodeToString(list, mixed))
        assertThat(parallel.decodeFromStringSuspending(ListSerializer(Record.serializer()), text)).isEqualTo(mixed)
        assertThat(parallel.encodeToByteArraySuspending(ListSerializer(Record.serializer()), mixed))
            .isEqualTo(text.encodeToByteArray())
        assertThat(
            parallel.decodeFromByteArraySuspending(ListSerializer(Record.serializer()), text.encodeToByteArray()),
        )
            .isEqualTo(mixed)
        val broken = text.dropLast(3)
        assertThatThrownBy {
            runBlocking { parallel.decodeFromStringSuspending(ListSerializer(Record.serializer()), broken) }
        }
            .hasMessage(catchSerializationException { Json.decodeFromString(list, broken) }.message)
    }

    @Test
    fun `reified calls take the type argument Json takes`() {
        val parallel = instances[1]
        val text = parallel.encodeToString(objects)
        assertThat(text).isEqualTo(Json.encodeToString(list, objects))
        assertThat(parallel.decodeFromString<List<Record>>(text)).isEqualTo(objects)
    }

    @ParameterizedTest(autoCloseArguments = false)
    @ValueSource(strings = ["isLenient", "allowComments", "allowTrailingComma"])
    fun `a Json whose options change tokenization decodes whole through Json, with its results and failures`(
        option: String,
    ) {
        val json = Json {
            when (option) {
                "isLenient" -> isLenient = true
                "allowComments" -> allowComments = true
                "allowTrailingComma" -> allowTrailingComma = true
            }
        }
        val texts = listOf(
            Json.encodeToString(list, objects),
            "[{\"name\": unquoted, \"value\": 1, \"items\": []}]",
            "[/* first */ {\"name\": \"a\", \"value\": 1, \"items\": []} // end\n]",
            "[{\"name\": \"a\", \"value\": 1, \"items\": [],},]",
            "[{\"name\": \"a\", \"value\": x}]",
        )
        ParallelJson(json) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
        }.use { parallel ->
            assertThat(parallel.encodeToString(ListSerializer(Record.serializer()), objects))
                .isEqualTo(json.encodeToString(list, objects))
            for (text in texts) {
                val expected = runCatching { json.decodeFromString(list, text) }
                val actual = runCatching { parallel.decodeFromString(ListSerializer(Record.serializer()), text) }
                assertThat(actual.getOrNull()).describedAs(text).isEqualTo(expected.getOrNull())
                assertThat(actual.exceptionOrNull()?.javaClass).describedAs(text)
                    .isEqualTo(expected.exceptionOrNull()?.javaClass)
                assertThat(actual.exceptionOrNull()?.message).describedAs(text)
                    .isEqualTo(expected.exceptionOrNull()?.message)
                val streamed =
                    runCatching {
                        parallel.decodeFromStream(ListSerializer(Record.serializer()), text.byteInputStream())
                    }
                assertThat(streamed.getOrNull()).describedAs(text).isEqualTo(expected.getOrNull())
            }
        }
    }

    @Test
    fun `bad construction parameters are refused with the value`() {
        assertThatThrownBy { ParallelJson { parallelism = 0 } }.hasMessage("parallelism < 1: 0")
        assertThatThrownBy { ParallelJson { minParallelChars = -1 } }.hasMessage("minParallelChars < 0: -1")
        assertThatThrownBy { ParallelJson { chunksPerThread = 0 } }.hasMessage("chunksPerThread < 1: 0")
        assertThatThrownBy { ParallelJson { streamBatchBytes = 0 } }.hasMessage("streamBatchBytes < 1: 0")
        assertThatThrownBy { ParallelJson { streamBatchBytes = Int.MAX_VALUE } }
            .hasMessage(
                "streamBatchBytes > ${ParallelJson.MAX_STREAM_BATCH_BYTES} (ParallelJson.MAX_STREAM_BATCH_BYTES): " +
                    "${Int.MAX_VALUE}",
            )
    }

    @Test
    fun `a closed instance refuses work and closing twice is harmless`() {
        val parallel = ParallelJson { parallelism = 2 }
        parallel.close()
        parallel.close()
        assertThatThrownBy { parallel.encodeToString(ListSerializer(Record.serializer()), objects) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("ParallelJson is closed")
    }

    @Test
    fun `a closed instance refuses the JsonElement calls too`() {
        val parallel = ParallelJson { parallelism = 2 }
        val tree = parallel.encodeToJsonElement(Record.serializer(), objects[0])
        parallel.close()
        assertThatThrownBy { parallel.encodeToJsonElement(Record.serializer(), objects[0]) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("ParallelJson is closed")
        assertThatThrownBy { parallel.decodeFromJsonElement(Record.serializer(), tree) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("ParallelJson is closed")
    }

    @Test
    fun `a closed instance refuses bytes as closed before it reads them, malformed UTF-8 included`() {
        val parallel = ParallelJson { parallelism = 2 }
        parallel.close()
        val malformed = byteArrayOf('['.code.toByte(), 0xC3.toByte(), ']'.code.toByte())
        assertThatThrownBy { parallel.decodeFromByteArray(ListSerializer(Record.serializer()), malformed) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("ParallelJson is closed")
        assertThatThrownBy {
            runBlocking { parallel.decodeFromByteArraySuspending(ListSerializer(Record.serializer()), malformed) }
        }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("ParallelJson is closed")
    }

    @Test
    fun `a failing element encoder fails the whole call with its own exception`() {
        val parallel = instances[2]
        val values = List(2000) { it.toDouble() } + Double.NaN + List(2000) { it.toDouble() }
        val expected = catchSerializationException { Json.encodeToString(ListSerializer(Double.serializer()), values) }
        val thrown = catchSerializationException { parallel.encodeToString<List<Double>>(values) }
        assertThat(thrown).isExactlyInstanceOf(expected.javaClass).hasMessage(expected.message)
    }

    @Test
    fun `an element encoder failing in several chunks fails with the first failure in list order`() {
        // Element 1,000 is slow to fail, so later chunks fail first; Json names element 1,000.
        val refusing = RefusingIntSerializer(firstRefused = 1000, slowlyRefused = 1000)
        val values = (0 until 10_000).toList()
        val expected = catchException { Json.encodeToString(ListSerializer(refusing), values) }
        ParallelJson(Json) {
            parallelism = 4
            minParallelChars = 0
            adaptiveSplit = false
        }.use { parallel ->
            repeat(3) {
                val thrown = catchException { parallel.encodeToString(ListSerializer(refusing), values) }
                assertThat(thrown).isExactlyInstanceOf(expected.javaClass).hasMessage(expected.message)
            }
        }
        assertThat(expected).hasMessage("element 1000 refused")
    }

    @Test
    fun `a parallelism beyond the bound is refused, naming the bound`() {
        assertThatThrownBy { ParallelJson { parallelism = 100_000 } }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("parallelism > ${ParallelJson.MAX_PARALLELISM} (ParallelJson.MAX_PARALLELISM): 100000")
        val engine = object : JsonListEngine<Record> {
            override val name: String get() = "unused"
            override fun encodeList(elements: List<Record>): String = error("not called")
            override fun decodeList(text: String): List<Record> = error("not called")
        }
        assertThatThrownBy { ParallelJson.builder().parallelism(100_000).lists(engine) }
            .hasMessage("parallelism > ${ParallelJson.MAX_PARALLELISM} (ParallelJson.MAX_PARALLELISM): 100000")
        ParallelJson { parallelism = ParallelJson.MAX_PARALLELISM }.use { parallel ->
            assertThat(
                parallel.decodeFromString(ListSerializer(Record.serializer()), Json.encodeToString(list, objects)),
            )
                .isEqualTo(objects)
        }
    }

    @Test
    fun `decoding UTF-8 bytes allocates no more than Json decoding the same bytes`() {
        val strings = List(2000) { i -> "$i:" + "x".repeat(500) }
        val bytes = Json.encodeToString(ListSerializer(String.serializer()), strings).encodeToByteArray()
        ParallelJson(Json) { parallelism = 1 }.use { parallel ->
            val json =
                allocatedBytes { Json.decodeFromString(ListSerializer(String.serializer()), bytes.decodeToString()) }
            val ours = allocatedBytes { parallel.decodeFromByteArray(ListSerializer(String.serializer()), bytes) }
            assertThat(ours).`as`("bytes allocated for ${bytes.size} bytes of input; Json: $json")
                .isLessThan(json + bytes.size / 4)
        }
    }

    @Test
    fun `decoding in slices allocates two copies of the text beyond what Json allocates, no more`() {
        val strings = List(2000) { i -> "$i:" + "x".repeat(500) }
        val text = Json.encodeToString(ListSerializer(String.serializer()), strings)
        // Every task on the calling thread, where its allocations are counted: an executor that runs them there.
        val split = ParallelJson(Json) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
            executor = Executor { it.run() }
        }
        split.use { parallel ->
            val json = allocatedBytes { Json.decodeFromString(ListSerializer(String.serializer()), text) }
            val ours = allocatedBytes { parallel.decodeFromString(ListSerializer(String.serializer()), text) }
            assertThat(parallel.splits().decodedInSlices).isPositive()
            // Each slice is copied out of the text and wrapped in brackets: two copies of a Latin-1 text's bytes.
            assertThat(ours).`as`("bytes allocated for ${text.length} characters of input; Json: $json")
                .isLessThan(json + text.length * 5L / 2)
        }
    }

    /** Bytes this thread allocates in [block], least of a few runs (the first ones load classes). */
    private fun allocatedBytes(block: () -> Any): Long {
        val threads = ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean
        return (1..5).minOf {
            val before = threads.currentThreadAllocatedBytes
            block()
            threads.currentThreadAllocatedBytes - before
        }
    }

    private fun <T> assertEncodesLikeJson(parallel: ParallelJson, serializer: KSerializer<T>, values: List<T>) {
        val expected = parallel.json.encodeToString(ListSerializer(serializer), values)
        assertThat(parallel.encodeToString(ListSerializer(serializer), values))
            .`as` { "${values.size} values with $parallel" }
            .isEqualTo(expected)
    }

    private fun <T> assertDecodesLikeJson(parallel: ParallelJson, serializer: KSerializer<T>, text: String) {
        val expected = runCatching { parallel.json.decodeFromString(ListSerializer(serializer), text) }
        val actual = runCatching { parallel.decodeFromString(ListSerializer(serializer), text) }
        val description = "decoding ${text.length} chars ending '${text.takeLast(20)}' with $parallel"
        if (expected.isSuccess) {
            assertThat(actual.exceptionOrNull()).`as`(description).isNull()
            assertThat(actual.getOrThrow()).`as`(description).isEqualTo(expected.getOrThrow())
        } else {
            val error = expected.exceptionOrNull()!!
            assertThat(actual.exceptionOrNull()).`as`(description)
                .isInstanceOf(SerializationException::class.java)
                .isExactlyInstanceOf(error.javaClass)
                .hasMessage(error.message)
        }
    }

    private fun catchException(block: () -> Unit): Exception = try {
        block()
        throw AssertionError("expected an exception")
    } catch (e: Exception) {
        e
    }

    private fun catchSerializationException(block: () -> Unit): SerializationException = try {
        block()
        throw AssertionError("expected a SerializationException")
    } catch (e: SerializationException) {
        e
    }

    /** Encodes an [Int], but throws for [firstRefused] and above; sleeps before refusing [slowlyRefused]. */
    private class RefusingIntSerializer(val firstRefused: Int, val slowlyRefused: Int) : KSerializer<Int> {
        override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("RefusingInt", PrimitiveKind.INT)

        override fun serialize(encoder: Encoder, value: Int) {
            if (value == slowlyRefused) Thread.sleep(200)
            check(value < firstRefused) { "element $value refused" }
            encoder.encodeInt(value)
        }

        override fun deserialize(decoder: Decoder): Int = decoder.decodeInt()
    }

    @Serializable
    data class Tree(val label: String, val children: List<Tree> = emptyList())

    private val list = ListSerializer(Record.serializer())
    private val trees = List(120) { i ->
        Tree("t$i", List(i % 5) { j -> Tree("c$j,{\"}", List(j % 3) { Tree("leaf],[") }) })
    }
}
