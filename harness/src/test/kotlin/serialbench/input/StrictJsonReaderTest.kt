package serialbench.input

import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import java.util.concurrent.TimeUnit

@Order(TestOrder.UNIT)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StrictJsonReaderTest {
    @Test
    fun `a document reads into a kotlinx tree with number literals kept as written`() {
        val reader =
            StrictJsonReader(
                """ { "a" : [1, -0.0, 1e400, 0.10000000000000000001], "b": {"c": "\u00e9\n\/"}, "d": [true, false, null] } """,
            )
        val tree = reader.readDocument().jsonObject
        assertThat(tree.getValue("a").jsonArray.map { it.jsonPrimitive.content })
            .containsExactly("1", "-0.0", "1e400", "0.10000000000000000001")
        assertThat(tree.getValue("a").jsonArray.map { it.jsonPrimitive.isString }).containsOnly(false)
        assertThat(tree.getValue("b").jsonObject.getValue("c")).isEqualTo(JsonPrimitive("é\n/"))
        assertThat(tree.getValue("d").toString()).isEqualTo("[true,false,null]")
        assertThat(reader.depth).isEqualTo(2)
        assertThat(reader.duplicateKeys).isEmpty()
    }

    @Test
    fun `keys that occur twice in one object are recorded by path, and the last value is kept`() {
        val reader = StrictJsonReader("""[{"id": 1, "id": 2}, {"x y": {"k": 1, "k": 3}}]""")
        val tree = reader.readDocument()
        assertThat(tree.toString()).isEqualTo("""[{"id":2},{"x y":{"k":3}}]""")
        assertThat(reader.duplicateKeys).containsExactly("$[0].id", "$[1]['x y'].k")
        assertThat(reader.depth).isEqualTo(3)
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '`',
        value = [
            "`{\"a\": 1,}`|8|expected a key in double quotes, found '}'",
            "`[1, 2,]`|6|expected a value (an object, array, string, number, true, false or null), found ']'",
            "`[1 2]`|3|expected ',' or ']' after an array element, found '2'",
            "`{\"a\" 1}`|5|expected ':' after the key, found '1'",
            "`{\"a\": 1 \"b\": 2}`|8|expected ',' or '}' after an object member, found '\"'",
            "`[NaN]`|1|expected a value (an object, array, string, number, true, false or null), found 'N' (NaN and Infinity are not JSON numbers)",
            "`[-Infinity]`|2|invalid number: a digit must follow '-', found 'I' (NaN and Infinity are not JSON numbers)",
            "`[01]`|1|invalid number: a leading zero is not allowed",
            "`[1.]`|3|invalid number: a digit must follow '.', found ']'",
            "`[1e]`|3|invalid number: a digit must follow the exponent, found ']'",
            "`['a']`|1|expected a value (an object, array, string, number, true, false or null), found '''",
            "`[\"a\\x\"]`|3|invalid escape '\\x' inside a string",
            "`[\"\\u12g4\"]`|2|invalid escape '\\u12g4': \\u takes 4 hex digits",
            "`[\"abc`|1|unterminated string: the text ends inside it",
            "`[tru]`|1|expected a value (an object, array, string, number, true, false or null), found 't'",
            "`[1] [2]`|4|unexpected '[' after the end of the document",
            "`// note\n[1]`|0|expected a value (an object, array, string, number, true, false or null), found '/'",
            "`[1`|2|expected ',' or ']' after an array element, found the end of the text",
            "`   `|3|no JSON value: the text is empty or only whitespace",
        ],
    )
    fun `text that is not JSON fails at the offending character with the problem`(
        text: String,
        offset: Int,
        problem: String,
    ) {
        val decoded = text.replace("\\n", "\n")
        assertThatThrownBy { StrictJsonReader(decoded).readDocument() }
            .isInstanceOfSatisfying(JsonSyntaxException::class.java) { e ->
                assertThat(e.problem).isEqualTo(problem)
                assertThat(e.offset).isEqualTo(offset)
            }
    }

    @Test
    fun `a control character inside a string must be escaped`() {
        assertThatThrownBy { StrictJsonReader("[\"a\tb\"]").readDocument() }
            .isInstanceOfSatisfying(JsonSyntaxException::class.java) { e ->
                assertThat(e.problem)
                    .isEqualTo("control character U+0009 inside a string: it must be written as an escape")
                assertThat(e.offset).isEqualTo(3)
            }
    }

    @Test
    fun `nesting deeper than the limit is refused rather than overflowing the stack`() {
        val limit = StrictJsonReader.MAX_DEPTH
        assertThat(
            StrictJsonReader("[".repeat(limit) + "]".repeat(limit)).apply {
                readDocument()
            }.depth,
        ).isEqualTo(limit)
        assertThatThrownBy { StrictJsonReader("[".repeat(limit + 1) + "]".repeat(limit + 1)).readDocument() }
            .isInstanceOfSatisfying(JsonSyntaxException::class.java) { e ->
                assertThat(e.problem).isEqualTo("nesting deeper than $limit levels of arrays and objects")
                assertThat(e.offset).isEqualTo(limit)
            }
    }

    @Test
    fun `the nesting limit holds on a thread with a small stack, where the limit is reached and not the stack's end`() {
        val limit = StrictJsonReader.MAX_DEPTH
        val odd = limit % 2
        val nested = "[".repeat(odd) + "[{\"a\":".repeat(limit / 2) + "1" + "}]".repeat(limit / 2) + "]".repeat(odd)
        var outcome: Any? = null
        val thread = Thread(null, {
            outcome = try {
                StrictJsonReader(nested).apply { readDocument() }.depth
            } catch (e: Throwable) {
                e
            }
        }, "small-stack", SMALL_STACK_BYTES)
        thread.start()
        thread.join()
        assertThat(outcome).isEqualTo(limit)
    }

    private companion object {
        const val SMALL_STACK_BYTES = 128L * 1024
    }
}
