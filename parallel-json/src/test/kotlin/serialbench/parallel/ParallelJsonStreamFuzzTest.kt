package serialbench.parallel

import kotlinx.coroutines.flow.catch
import kotlinx.coroutines.flow.collect
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.nullable
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeToSequence
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.fixtures.ChunkedInputStream
import serialbench.parallel.fixtures.DecodingFailure
import serialbench.parallel.fixtures.Record
import kotlin.random.Random

/**
 * ParallelJson's stream decoding against kotlinx's, element by element, on random arrays: random element types,
 * whitespace, read sizes and batch sizes, then truncated, with a byte replaced, or with junk stuck to a value.
 * Every case must yield the same elements and end with the same failure (class, what is wrong, and the path,
 * which names the element, its index left out as kotlinx leaves it out); offsets differ by contract (bytes of
 * the whole stream against characters of kotlinx's buffer).
 */
@OptIn(ExperimentalSerializationApi::class)
@Timeout(600)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonStreamFuzzTest {
    /** Batch sizes from 1 byte to 64 KiB, each with cuts guessed and scanned exactly. */
    private val instances = (0..16).flatMap { power ->
        listOf(true, false).map { guess ->
            StreamDecodingUnderTest(
                ParallelJson(Json) {
                    parallelism = 2
                    streamBatchBytes = 1 shl power
                },
                guess,
            )
        }
    }

    @AfterAll
    fun close() = instances.forEach { it.close() }

    @Test
    fun `a number with junk stuck to it fails where Json fails, yielding no element of its valid prefix`() {
        val cases = listOf(
            Double.serializer() to "[1.5,2.0e-3_0]",
            Long.serializer() to "[5891976948436<99511]",
            Long.serializer() to "[1,5891976948436<99511,3]",
            Int.serializer() to "[1,2x]",
            Int.serializer() to "[10,-7_0]",
            Double.serializer() to "[0.1,1.0E(3]",
            Boolean.serializer() to "[true,false~]",
        )
        for ((serializer, text) in cases) {
            for (parallel in instances) {
                assertSameAsJson(parallel, serializer, text.encodeToByteArray(), Random(text.hashCode()), flow = true)
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = [0, 1, 2, 3])
    fun `random arrays, broken or not, decode from a stream like Json, element by element`(part: Int) {
        val random = Random(part * 7919L + 1)
        repeat(CASES / 4) { case ->
            val type = ElementType.entries[random.nextInt(ElementType.entries.size)]
            val (text, mutation) = mutate(random, withWhitespace(random, type.randomArray(random)))
            val bytes = text.encodeToByteArray()
            val parallel = instances[random.nextInt(instances.size)]
            try {
                val messages = mutation.messagesCompared && (type.literal || mutation == Mutation.NONE)
                assertSameAsJson(parallel, type.serializer, bytes, random, flow = case % 8 == 0, messages = messages)
            } catch (e: AssertionError) {
                val text = bytes.decodeToString()
                throw AssertionError("case $case of part $part, ${type.name} with $parallel: '$text'", e)
            }
        }
    }

    private fun <T> assertSameAsJson(
        parallel: StreamDecodingUnderTest,
        serializer: KSerializer<T>,
        bytes: ByteArray,
        random: Random,
        flow: Boolean,
        messages: Boolean = true,
    ) {
        val reads = 1 + random.nextInt(1 shl random.nextInt(12))
        val expected = outcome(messages, indexed = false) { sink ->
            val stream = ChunkedInputStream(bytes, { reads })
            Json.decodeToSequence(stream, serializer, DecodeSequenceMode.ARRAY_WRAPPED).forEach(sink)
        }
        val actual = outcome(messages, indexed = true) { sink ->
            parallel.decodeToSequence(serializer, ChunkedInputStream(bytes, { reads })).forEach(sink)
        }
        val description = "'${bytes.decodeToString()}' read $reads bytes at a time with $parallel"
        assertSame(actual, expected, description)
        if (flow) {
            val collected = outcome(messages, indexed = true) { sink ->
                val stream = ChunkedInputStream(bytes, { reads })
                runBlocking { parallel.decodeToFlow(stream, serializer).collect { sink(it) } }
            }
            assertSame(collected, expected, "flow of $description")
        }
    }

    /**
     * [actual] is [expected]; except that where kotlinx's stream reader crashes (an `ArrayIndexOutOfBoundsException`
     * from `[true,` cut after the comma, in kotlinx 1.11), ParallelJson refuses the same element with kotlinx's
     * decoding exception.
     */
    private fun assertSame(actual: Outcome, expected: Outcome, description: String) {
        val crashed = expected.failure != null && !expected.failure.startsWith("kotlinx.serialization") &&
            !expected.failure.startsWith(IllegalArgumentException::class.java.name)
        if (crashed) {
            assertThat(actual.elements).`as`(description).isEqualTo(expected.elements)
            assertThat(actual.failure).`as`("$description, where kotlinx crashes with ${expected.failure}")
                .contains(".JsonDecodingException")
                .doesNotContain("names element")
        } else {
            assertThat(actual).`as`(description).isEqualTo(expected)
        }
    }

    /**
     * What a decode yields and how it ends: the class of the failure, and with [messages], what is wrong and its
     * path.
     */
    private data class Outcome(val elements: List<Any?>, val failure: String?)

    /** With [indexed], paths start with the failing element's index (ParallelJson's), which is checked and left out. */
    private fun outcome(messages: Boolean, indexed: Boolean, decode: ((Any?) -> Unit) -> Unit): Outcome {
        val elements = ArrayList<Any?>()
        val failure = try {
            decode { elements += it }
            null
        } catch (e: Exception) {
            if (!DecodingFailure.isDecodingFailure(e)) {
                return Outcome(elements, if (messages) "${e.javaClass.name}: ${e.message}" else e.javaClass.name)
            }
            val failure = DecodingFailure.of(e)
            // kotlinx's stream paths leave out the element's index, which ParallelJson's carry: it must name the
            // element that failed, the one after those yielded.
            val index = if (indexed) PATH_INDEX.find(failure.path ?: "")?.groupValues?.get(1)?.toInt() else null
            val where = if (index != null && index != elements.size) {
                " (names element $index, after ${elements.size} yielded)"
            } else {
                ""
            }
            val path = if (indexed) failure.path?.replace(PATH_INDEX, "\\$") else failure.path
            if (messages) "${failure.className}: ${failure.what} at $path$where" else "${failure.className}$where"
        }
        return Outcome(elements, failure)
    }

    /**
     * Element types; a [literal] one's elements are single values, whose failures ParallelJson reports in kotlinx's
     * stream reader's words. Inside an object or array the words are those of kotlinx's string reader, which
     * ParallelJson decodes a broken element with (its offsets are exact): kotlinx's two readers word a few
     * failures differently (`for input '0.17''` against `'0.17'98'`), so there the class and element are compared.
     */
    private enum class ElementType(
        val serializer: KSerializer<*>,
        val literal: Boolean,
        val randomValue: (Random) -> Any?,
    ) {
        INT(Int.serializer(), true, { r -> r.nextInt(-1000, 1000) * (1 shl r.nextInt(20)) }),
        LONG(Long.serializer(), true, { r -> r.nextLong() shr r.nextInt(63) }),
        DOUBLE(
            Double.serializer(),
            true,
            { r -> r.nextDouble(-1e6, 1e6) * Math.pow(10.0, r.nextInt(-12, 12).toDouble()) },
        ),
        BOOLEAN(Boolean.serializer(), true, { r -> r.nextBoolean() }),
        NULLABLE_INT(Int.serializer().nullable, true, { r -> if (r.nextInt(3) == 0) null else r.nextInt() }),
        STRING(String.serializer(), true, ::randomString),
        OBJECT(
            Record.serializer(),
            false,
            { r -> Record(randomString(r), r.nextInt(), List(r.nextInt(4)) { randomString(r) }) },
        ),
        LIST(ListSerializer(Int.serializer()), false, { r -> List(r.nextInt(5)) { r.nextInt(-99, 99) } }),
        MAP(
            MapSerializer(String.serializer(), Double.serializer()),
            false,
            { r -> List(r.nextInt(3)) { randomString(r) to r.nextDouble() }.toMap() },
        ),
        ;

        @Suppress("UNCHECKED_CAST")
        fun randomArray(random: Random): String {
            val values = List(random.nextInt(if (random.nextInt(10) == 0) 400 else 12)) { randomValue(random) }
            return Json.encodeToString(ListSerializer(serializer as KSerializer<Any?>), values)
        }
    }

    private companion object {
        const val CASES = 20_000
        const val STRING_CHARS = "abcXYZ 019,:{}[]\"\\/\t\né€😀"

        fun randomString(random: Random): String = buildString {
            repeat(random.nextInt(12)) { append(STRING_CHARS[random.nextInt(STRING_CHARS.length)]) }
        }.let { if (Character.isHighSurrogate(it.lastOrNull() ?: ' ')) it.dropLast(1) else it }

        /** [json] with random JSON whitespace after some structural characters outside strings. */
        fun withWhitespace(random: Random, json: String): String {
            if (random.nextBoolean()) return json
            val out = StringBuilder()
            var inString = false
            var escaped = false
            for (c in json) {
                out.append(c)
                when {
                    escaped -> escaped = false

                    inString && c == '\\' -> escaped = true

                    c == '"' -> inString = !inString

                    !inString && c in ",:[]{}" && random.nextInt(3) == 0 ->
                        repeat(1 + random.nextInt(3)) { out.append(" \n\t\r"[random.nextInt(4)]) }
                }
            }
            return (if (random.nextInt(4) == 0) "  " else "") + out
        }

        /**
         * How a case's text was broken, and whether the failure's message must be kotlinx's word for word. A
         * broken outline (a cut, a replaced bracket) is refused by ParallelJson's own scan, in kotlinx's words
         * where it can, but not always the same words (`Unexpected EOF` against `Expected quotation mark`): there
         * the class and the element that failed must be the same. A broken value is refused by kotlinx itself.
         */
        enum class Mutation(val messagesCompared: Boolean) { NONE(true), CUT(false), REPLACED(false), JUNK(true) }

        /**
         * [json] unchanged, cut short, with one character replaced by a random ASCII one, or with junk stuck right
         * after a digit or letter. Cuts fall between characters, never inside one's UTF-8 bytes: kotlinx reads a
         * cut character as U+FFFD, where ParallelJson refuses malformed UTF-8 (a stated difference, tested apart).
         */
        fun mutate(random: Random, json: String): Pair<String, Mutation> {
            if (json.isEmpty()) return json to Mutation.NONE
            return when (random.nextInt(5)) {
                0 -> json to Mutation.NONE

                1 -> json.substring(0, random.nextInt(json.length))
                    .let { if (it.isNotEmpty() && Character.isHighSurrogate(it.last())) it.dropLast(1) else it } to
                    Mutation.CUT

                2 -> {
                    val at = random.nextInt(json.length)
                    if (Character.isSurrogate(json[at])) {
                        json to Mutation.NONE
                    } else {
                        json.replaceRange(at, at + 1, random.nextInt(0, 128).toChar().toString()) to Mutation.REPLACED
                    }
                }

                else -> {
                    val letters = json.indices.filter { json[it].isLetterOrDigit() }
                    if (letters.isEmpty()) return json to Mutation.NONE
                    val at = letters[random.nextInt(letters.size)]
                    val junk = JUNK[random.nextInt(JUNK.length)]
                    json.substring(0, at + 1) + junk + json.substring(at + 1) to Mutation.JUNK
                }
            }
        }

        const val JUNK = "_x<(~!@#%^&*=;'?|Ee.-+0"
        val PATH_INDEX = Regex("^\\$\\[(\\d+)]")
    }
}
