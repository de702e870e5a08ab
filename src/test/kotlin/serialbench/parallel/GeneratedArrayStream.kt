package serialbench.parallel

import java.io.InputStream

/**
 * A JSON array of `TestObject`s made on the fly while it is read, never stored: at least [minBytes] bytes, each
 * element `{"name":"n<i>","value":<i>,"items":["<itemLength x's>"]}`. Counts what it produced.
 */
class GeneratedArrayStream(private val minBytes: Long, private val itemLength: Int = 1000) : InputStream() {
    private val item = "x".repeat(itemLength)
    private var current = "[".encodeToByteArray()
    private var position = 0
    private var finished = false

    var bytesProduced: Long = 0
        private set
    var elements: Long = 0
        private set
    var valueSum: Long = 0
        private set

    override fun read(): Int {
        val one = ByteArray(1)
        return if (read(one, 0, 1) < 0) -1 else one[0].toInt() and 0xFF
    }

    override fun read(b: ByteArray, off: Int, len: Int): Int {
        if (len == 0) return 0
        if (position == current.size && !next()) return -1
        val n = minOf(len, current.size - position)
        current.copyInto(b, off, position, position + n)
        position += n
        bytesProduced += n
        return n
    }

    private fun next(): Boolean {
        if (finished) return false
        val value = (elements % 100_000).toInt()
        current = if (bytesProduced + position >= minBytes) {
            finished = true
            "]".encodeToByteArray()
        } else {
            val separator = if (elements == 0L) "" else ","
            elements++
            valueSum += value
            "$separator{\"name\":\"n$value\",\"value\":$value,\"items\":[\"$item\"]}".encodeToByteArray()
        }
        position = 0
        return true
    }
}
