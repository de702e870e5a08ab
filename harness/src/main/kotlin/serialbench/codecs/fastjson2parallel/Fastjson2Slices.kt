package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSONException
import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.JSONReader

/**
 * fastjson2 reading a slice (an array text ParallelJson cut out of a larger one, or with [members] an object's text)
 * element by element with its own reader, each element (or member) by [readElement] as `parseArray` (or
 * `parseObject`) reads it, but strict at the top level where fastjson2 is lenient: only JSON whitespace and one comma
 * between elements, nothing after the closing bracket (no double or trailing comma, no missing comma, comment or
 * `\u001a`), each element ending in a closing bracket, a double quote, a letter or a digit. Anything else fails with a
 * [JSONException] naming the offset. A last element cut short at a comma inside it fails in fastjson2's own reading
 * (an unterminated string, object or array), as in `parseArray`.
 */
internal class Fastjson2Slices<T>(
    private val features: Array<JSONReader.Feature>,
    private val members: Boolean = false,
    private val readElement: (JSONReader) -> T,
) {
    private val close = if (members) '}' else ']'
    private val empty = if (members) "{}" else "[]"

    fun read(slice: String): List<T> =
        JSONReader.of(slice, JSONFactory.createReadContext(*features)).use { read(it, slice) }

    private fun read(reader: JSONReader, slice: String): List<T> {
        val elements = ArrayList<T>()
        val opened = if (members) reader.nextIfObjectStart() else reader.nextIfArrayStart()
        if (!opened) refuse(slice, 0, "the slice does not start with its opening bracket")
        if (!isWhitespace(slice, 1, at(reader))) refuse(slice, 1, "more than whitespace before the first element")
        if (if (members) reader.nextIfObjectEnd() else reader.nextIfArrayEnd()) {
            if (!isWhitespace(slice, 1, slice.length - 1) || slice.last() != close) {
                refuse(slice, 1, "more than '$empty'")
            }
            return elements
        }
        while (true) {
            elements.add(readElement(reader))
            val next = at(reader)
            val separator = lastNonWhitespace(slice, next)
            // The closing bracket, not yet read (at the end of the input, the reader's offset stays on the last one).
            if (!reader.isEnd() && next == slice.length - 1 && slice[next] == close) {
                if (!endsValue(slice, separator)) refuse(slice, separator, "no element before the closing bracket")
                return elements
            }
            if (separator < 0 || slice[separator] != ',') refuse(slice, next, "no comma before the next element")
            val valueEnd = lastNonWhitespace(slice, separator)
            if (!endsValue(slice, valueEnd)) refuse(slice, valueEnd, "not the end of an element before a comma")
            if (next >= slice.length || slice[next] == ',' || slice[next] == close) {
                refuse(slice, next, "no element after a comma")
            }
        }
    }

    private companion object {
        /** The index of the reader's current character (fastjson2's offset is one past it, before the end). */
        fun at(reader: JSONReader): Int = reader.offset - 1

        fun isJsonWhitespace(c: Char): Boolean = c == ' ' || c == '\n' || c == '\r' || c == '\t'

        fun isWhitespace(text: String, from: Int, to: Int): Boolean = (from until to).all { isJsonWhitespace(text[it]) }

        /** The index of the last character before [before] that is not JSON whitespace, or -1. */
        fun lastNonWhitespace(text: String, before: Int): Int {
            var i = minOf(before, text.length) - 1
            while (i >= 0 && isJsonWhitespace(text[i])) i--
            return i
        }

        /** Whether the character at [i] can end a JSON value: a closing bracket, a double quote, a letter or digit. */
        fun endsValue(text: String, i: Int): Boolean {
            if (i < 0) return false
            val c = text[i]
            return c == '}' || c == ']' || c == '"' || c in 'a'..'z' || c in 'A'..'Z' || c in '0'..'9'
        }

        fun refuse(slice: String, offset: Int, what: String): Nothing =
            throw JSONException("fastjson2 slice: $what, offset $offset of ${slice.length} characters")
    }
}
