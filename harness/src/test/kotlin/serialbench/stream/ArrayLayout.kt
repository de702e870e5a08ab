package serialbench.stream

import com.fasterxml.jackson.core.JsonFactory
import com.fasterxml.jackson.core.JsonToken

/** Where each element of a compact JSON array lies in its bytes: `[start, end)` per element, found by Jackson. */
class ArrayLayout(bytes: ByteArray) {
    val starts: List<Long>
    val ends: List<Long>

    init {
        val starts = mutableListOf<Long>()
        val ends = mutableListOf<Long>()
        JsonFactory().createParser(bytes).use { parser ->
            check(parser.nextToken() == JsonToken.START_ARRAY) { "not an array" }
            while (true) {
                val token = parser.nextToken()
                if (token == JsonToken.END_ARRAY) break
                starts += parser.currentTokenLocation().byteOffset
                parser.skipChildren()
                ends += parser.currentTokenLocation().byteOffset + 1
            }
        }
        this.starts = starts
        this.ends = ends
    }

    /** Elements wholly inside the first [length] bytes. */
    fun completeWithin(length: Int): Int = ends.count { it <= length }
}
