package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSONException
import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.JSONReader
import com.alibaba.fastjson2.util.JDKUtils
import java.nio.CharBuffer

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
    private val open = if (members) '{' else '['
    private val close = if (members) '}' else ']'

    /** The elements of [slice], a run of them between the slice's own brackets. */
    fun read(slice: String): List<T> {
        if (slice.isEmpty() || slice[0] != open) refuse(0, "the slice does not start with '$open'")
        if (slice.length < 2 || slice.last() != close) refuse(slice.length - 1, "the slice does not end with '$close'")
        return read(slice, 1, slice.length - 1)
    }

    /**
     * The elements of the run `text[from until to]` (a slice without its brackets): read where they lie when fastjson2
     * reads [text]'s own bytes ([readsInPlace]), else from one copy of the run's characters (fastjson2 would copy a
     * UTF-16 text whole before reading a part of it).
     */
    fun readRun(text: String, from: Int, to: Int): List<T> {
        if (readsInPlace(text)) return read(text, from, to)
        val chars = text.toCharArray(from, to)
        return readPart(CharBuffer.wrap(chars), 0, chars.size) { first ->
            JSONReader.of(chars, first, chars.size - first, JSONFactory.createReadContext(*features))
        }
    }

    /**
     * The elements of the run `text[from until to]`, read where they lie: fastjson2's reader of a part of a text,
     * which reads nothing of it outside the run.
     */
    fun read(text: String, from: Int, to: Int): List<T> = readPart(text, from, to) { first ->
        JSONReader.of(text, first, to - first, JSONFactory.createReadContext(*features))
    }

    /**
     * The elements of `text[from until to]` by the reader [readerAt] gives for the run from its first character that is
     * not whitespace: fastjson2's reader of a part skips the whitespace it starts with up to the part's length, not to
     * its end (a part after its length's offset reads as empty).
     */
    private inline fun readPart(text: CharSequence, from: Int, to: Int, readerAt: (first: Int) -> JSONReader): List<T> {
        var first = from
        while (first < to && isJsonWhitespace(text[first])) first++
        if (first == to) return ArrayList()
        return readerAt(first).use { read(it, text, first, to) }
    }

    private fun read(reader: JSONReader, text: CharSequence, from: Int, to: Int): List<T> {
        val elements = ArrayList<T>()
        if (reader.isEnd()) {
            if (!isWhitespace(text, from, to)) refuse(from, "more than whitespace in a slice without elements")
            return elements
        }
        val first = at(reader)
        if (!isWhitespace(text, from, first)) refuse(from, "more than whitespace before the first element")
        if (text[first] == ',' || text[first] == close) refuse(first, "no element before '${text[first]}'")
        while (true) {
            elements.add(readElement(reader))
            if (reader.isEnd()) {
                if (reader.offset < to) refuse(at(reader), "a stop character inside the slice")
                // fastjson2 skips whitespace and one comma after a value: the run must end with the value itself.
                val valueEnd = lastNonWhitespace(text, from, to)
                if (!endsValue(text, valueEnd)) refuse(valueEnd, "no element after the last comma")
                return elements
            }
            val next = at(reader)
            val separator = lastNonWhitespace(text, from, next)
            if (separator < 0 || text[separator] != ',') refuse(next, "no comma before the next element")
            val valueEnd = lastNonWhitespace(text, from, separator)
            if (!endsValue(text, valueEnd)) refuse(valueEnd, "not the end of an element before a comma")
            if (text[next] == ',' || text[next] == close) refuse(next, "no element after a comma")
        }
    }

    companion object {
        /**
         * Whether fastjson2 reads a part of [text] where it lies: a Latin-1 text, whose own bytes it reads. A UTF-16
         * one it would copy whole for each part, so its runs are copied instead, one at a time.
         */
        fun readsInPlace(text: String): Boolean {
            val coder = JDKUtils.STRING_CODER ?: return false
            return JDKUtils.STRING_VALUE != null && coder.applyAsInt(text) == 0
        }

        /** The index of the reader's current character (fastjson2's offset is one past it, before the end). */
        fun at(reader: JSONReader): Int = reader.offset - 1

        fun isJsonWhitespace(c: Char): Boolean = c == ' ' || c == '\n' || c == '\r' || c == '\t'

        fun isWhitespace(text: CharSequence, from: Int, to: Int): Boolean =
            (from until to).all { isJsonWhitespace(text[it]) }

        /** The index of the last character from [from] and before [before] that is not JSON whitespace, or -1. */
        fun lastNonWhitespace(text: CharSequence, from: Int, before: Int): Int {
            var i = before - 1
            while (i >= from && isJsonWhitespace(text[i])) i--
            return if (i < from) -1 else i
        }

        /** Whether the character at [i] can end a JSON value: a closing bracket, a double quote, a letter or digit. */
        fun endsValue(text: CharSequence, i: Int): Boolean {
            if (i < 0) return false
            val c = text[i]
            return c == '}' || c == ']' || c == '"' || c in 'a'..'z' || c in 'A'..'Z' || c in '0'..'9'
        }

        fun refuse(offset: Int, what: String): Nothing = throw JSONException("fastjson2 slice: $what, offset $offset")
    }
}
