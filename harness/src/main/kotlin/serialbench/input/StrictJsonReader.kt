package serialbench.input

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.JsonUnquotedLiteral

/**
 * Reads one JSON document exactly as RFC 8259 defines it (no comments, no trailing commas, no `NaN`, no leading
 * zeros, no unescaped control characters, nothing after the value) into a kotlinx [JsonElement]: the reference
 * every codec's output is compared with. Numbers keep their literal text, so nothing is rounded on the way in.
 *
 * It also records what a library's tree cannot show: keys that occur twice in one object (the tree keeps the
 * last value, as most libraries do) and how deep the document nests. Not thread safe: one reader per document.
 *
 * @throws JsonSyntaxException at the first character that is not JSON, with its offset in [text].
 */
internal class StrictJsonReader(private val text: String) {
    private var position = 0
    private val path = ArrayList<Any>() // keys (String) and indices (Int) from the root to the current value

    /** Levels of nested arrays and objects seen so far, the top level included. */
    var depth: Int = 0
        private set

    /** JSON paths of keys that occurred more than once in their object, in document order. */
    val duplicateKeys: MutableList<String> = mutableListOf()

    /** The whole text as one JSON value. */
    fun readDocument(): JsonElement {
        skipWhitespace()
        if (position == text.length) {
            throw JsonSyntaxException(position, "no JSON value: the text is empty or only whitespace")
        }
        val value = readValue()
        skipWhitespace()
        if (position < text.length) fail("unexpected ${found()} after the end of the document")
        return value
    }

    /**
     * An array or object being read: its elements or members so far, and for an object the key whose value is
     * being read. Nesting lives in a list of these, not in the call stack, so that [MAX_DEPTH] alone bounds it
     * whatever the thread's stack size.
     */
    private class Open(val elements: ArrayList<JsonElement>?, val members: LinkedHashMap<String, JsonElement>?) {
        var key: String = ""

        fun close(): JsonElement = if (elements != null) JsonArray(elements) else JsonObject(members!!)
    }

    /** The value at [position], with everything nested in it. */
    private fun readValue(): JsonElement {
        val open = ArrayList<Open>()
        while (true) {
            var value = when (peek()) {
                '{' -> openObject(open)

                '[' -> openArray(open)

                '"' -> JsonPrimitive(readString())

                't' -> literal("true", JsonPrimitive(true))

                'f' -> literal("false", JsonPrimitive(false))

                'n' -> literal("null", JsonNull)

                '-', in '0'..'9' -> readNumber()

                else -> fail(
                    "expected a value (an object, array, string, number, true, false or null), found " +
                        "${found()}${nonJsonHint()}",
                )
            } ?: continue
            // A whole value: it goes to the innermost open array or object, which may then end, and so on outwards.
            while (true) {
                val innermost = open.lastOrNull() ?: return value
                path.removeAt(path.lastIndex)
                if (innermost.elements != null) {
                    innermost.elements += value
                } else {
                    innermost.members!![innermost.key] = value
                }
                skipWhitespace()
                val closing = if (innermost.elements != null) ']' else '}'
                when (peek()) {
                    ',' -> {
                        position++
                        if (innermost.elements != null) startElement(innermost) else startMember(innermost)
                        break
                    }

                    closing -> {
                        position++
                        open.removeAt(open.lastIndex)
                        value = innermost.close()
                    }

                    else -> fail(
                        if (innermost.elements != null) {
                            "expected ',' or ']' after an array element, found ${found()}"
                        } else {
                            "expected ',' or '}' after an object member, found ${found()}"
                        },
                    )
                }
            }
        }
    }

    /** Opens the object at [position]: null once its first member's value is next, or the object if it is empty. */
    private fun openObject(open: MutableList<Open>): JsonElement? {
        enter(open.size + 1)
        position++ // '{'
        skipWhitespace()
        if (peek() == '}') {
            position++
            return JsonObject(LinkedHashMap())
        }
        val opened = Open(null, LinkedHashMap())
        open += opened
        startMember(opened)
        return null
    }

    /** Opens the array at [position]: null once its first element is next, or the array if it is empty. */
    private fun openArray(open: MutableList<Open>): JsonElement? {
        enter(open.size + 1)
        position++ // '['
        skipWhitespace()
        if (peek() == ']') {
            position++
            return JsonArray(ArrayList())
        }
        val opened = Open(ArrayList(), null)
        open += opened
        startElement(opened)
        return null
    }

    /** Reads a member's key and colon, up to its value. */
    private fun startMember(into: Open) {
        skipWhitespace()
        if (peek() != '"') fail("expected a key in double quotes, found ${found()}")
        val key = readString()
        skipWhitespace()
        if (peek() != ':') fail("expected ':' after the key, found ${found()}")
        position++
        skipWhitespace()
        path.add(key)
        if (key in into.members!!) duplicateKeys += JsonPath.of(path)
        into.key = key
    }

    /** Goes up to the next element's value. */
    private fun startElement(into: Open) {
        skipWhitespace()
        path.add(into.elements!!.size)
    }

    private fun enter(level: Int) {
        if (level > MAX_DEPTH) fail("nesting deeper than $MAX_DEPTH levels of arrays and objects")
        if (level > depth) depth = level
    }

    private fun readString(): String {
        val start = position
        position++ // opening quote
        val out = StringBuilder()
        while (true) {
            if (position >= text.length) {
                throw JsonSyntaxException(start, "unterminated string: the text ends inside it")
            }
            val c = text[position]
            when {
                c == '"' -> {
                    position++
                    return out.toString()
                }

                c == '\\' -> out.append(readEscape())

                c < ' ' -> fail("control character ${codePoint(c)} inside a string: it must be written as an escape")

                else -> {
                    out.append(c)
                    position++
                }
            }
        }
    }

    private fun readEscape(): Char {
        position++ // backslash
        if (position >= text.length) fail("unterminated string: the text ends inside an escape")
        val c = text[position++]
        return when (c) {
            '"' -> '"'

            '\\' -> '\\'

            '/' -> '/'

            'b' -> '\b'

            'f' -> '\u000C'

            'n' -> '\n'

            'r' -> '\r'

            't' -> '\t'

            'u' -> {
                val hex = text.substring(position, minOf(position + 4, text.length))
                if (hex.length < 4 || !hex.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }) {
                    throw JsonSyntaxException(position - 2, "invalid escape '\\u$hex': \\u takes 4 hex digits")
                }
                position += 4
                hex.toInt(16).toChar()
            }

            else -> throw JsonSyntaxException(position - 2, "invalid escape '\\$c' inside a string")
        }
    }

    @OptIn(ExperimentalSerializationApi::class)
    private fun readNumber(): JsonPrimitive {
        val start = position
        if (peek() == '-') position++
        when (peek()) {
            '0' -> {
                position++
                if (peek() in '0'..'9') {
                    throw JsonSyntaxException(start, "invalid number: a leading zero is not allowed")
                }
            }

            in '1'..'9' -> skipDigits()

            else -> fail("invalid number: a digit must follow '-', found ${found()}${nonJsonHint()}")
        }
        if (peek() == '.') {
            position++
            if (peek() !in '0'..'9') fail("invalid number: a digit must follow '.', found ${found()}")
            skipDigits()
        }
        if (peek() == 'e' || peek() == 'E') {
            position++
            if (peek() == '+' || peek() == '-') position++
            if (peek() !in '0'..'9') fail("invalid number: a digit must follow the exponent, found ${found()}")
            skipDigits()
        }
        return JsonUnquotedLiteral(text.substring(start, position))
    }

    private fun skipDigits() {
        while (peek() in '0'..'9') position++
    }

    private fun literal(word: String, value: JsonElement): JsonElement {
        if (!text.startsWith(
                word,
                position,
            )
        ) {
            fail("expected a value (an object, array, string, number, true, false or null), found ${found()}")
        }
        position += word.length
        return value
    }

    private fun skipWhitespace() {
        while (position < text.length) {
            when (text[position]) {
                ' ', '\t', '\n', '\r' -> position++
                else -> return
            }
        }
    }

    /** The character at the position, or NUL at the end (never valid where a token is expected). */
    private fun peek(): Char = if (position < text.length) text[position] else END

    private fun found(): String {
        if (position >= text.length) return "the end of the text"
        val c = text[position]
        return if (c < ' ' || c.isSurrogate() || c == '\u007F') codePoint(c) else "'$c'"
    }

    private fun nonJsonHint(): String {
        val rest = text.substring(position, minOf(position + 9, text.length))
        return if (rest.startsWith("NaN") || rest.startsWith("Infinity") || rest.startsWith("-Infinity")) {
            " (NaN and Infinity are not JSON numbers)"
        } else {
            ""
        }
    }

    private fun codePoint(c: Char) = "U+%04X".format(c.code)

    private fun fail(problem: String): Nothing = throw JsonSyntaxException(position, problem)

    companion object {
        /**
         * Deeper documents are refused, naming the offset, rather than failing in a codec: every JSON codec here reads
         * and writes a document this deep as a tree, on half a thread's default stack (`TreeCodecTest`). Gson and Moshi
         * refuse deeper ones themselves, and kotlinx's writer of trees overflowed the stack at 700 levels in a run.
         */
        const val MAX_DEPTH = 255

        private const val END = '\u0000'
    }
}

/** Text that is not JSON: the [problem] and the character [offset] where it was found. */
internal class JsonSyntaxException(val offset: Int, val problem: String) :
    IllegalArgumentException("$problem (character offset $offset)")
