package serialbench.parallel.internal.scan

/**
 * The first [length] bytes of [bytes] read as characters, one per byte (ISO-8859-1): how an [ElementShape] reads a
 * stream's UTF-8. JSON's structure and whitespace are ASCII, and a byte of a multi-byte character is never one of
 * them, so offsets stay byte offsets and a comparison with text read the same way holds.
 */
internal class ByteChars(private val bytes: ByteArray, override val length: Int) : CharSequence {
    override fun get(index: Int): Char {
        if (index !in 0 until length) throw IndexOutOfBoundsException("index $index, length $length")
        return (bytes[index].toInt() and 0xFF).toChar()
    }

    override fun subSequence(startIndex: Int, endIndex: Int): CharSequence {
        if (startIndex < 0 || endIndex > length || startIndex > endIndex) {
            throw IndexOutOfBoundsException("range [$startIndex, $endIndex), length $length")
        }
        return String(bytes, startIndex, endIndex - startIndex, Charsets.ISO_8859_1)
    }

    override fun toString(): String = String(bytes, 0, length, Charsets.ISO_8859_1)
}
