package serialbench.stream

import java.io.FilterInputStream
import java.io.InputStream

/**
 * Counts the bytes a library has read from [input]: an upper bound of where it stood when it failed, for the
 * libraries that report no offset of their own. Used by one thread.
 */
internal class CountingInputStream(input: InputStream) : FilterInputStream(input) {
    var bytesRead: Long = 0
        private set

    override fun read(): Int {
        val byte = super.read()
        if (byte >= 0) bytesRead++
        return byte
    }

    override fun read(buffer: ByteArray, offset: Int, length: Int): Int {
        val count = super.read(buffer, offset, length)
        if (count > 0) bytesRead += count
        return count
    }

    override fun skip(n: Long): Long = super.skip(n).also { if (it > 0) bytesRead += it }

    override fun markSupported(): Boolean = false
}
