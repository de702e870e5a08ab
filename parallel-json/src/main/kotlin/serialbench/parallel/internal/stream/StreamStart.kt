package serialbench.parallel.internal.stream

import java.io.InputStream

/** What a stream starts with, read ahead and reset ([InputStream.mark]), as kotlinx's auto-detection reads it. */
internal object StreamStart {
    /** The longest run of whitespace looked through before the first value. */
    private const val LOOK_AHEAD_BYTES = 64 * 1024

    /** Whether the first byte after JSON whitespace (and a UTF-8 byte order mark) is `[`; [stream] is reset. */
    fun isArray(stream: InputStream): Boolean {
        stream.mark(LOOK_AHEAD_BYTES)
        try {
            var read = 0
            while (read < LOOK_AHEAD_BYTES) {
                val b = stream.read()
                read++
                when {
                    b < 0 -> return false
                    b == ' '.code || b == '\n'.code || b == '\r'.code || b == '\t'.code -> continue
                    read <= BOM_BYTES && (b == 0xEF || b == 0xBB || b == 0xBF) -> continue
                    else -> return b == '['.code
                }
            }
            return false
        } finally {
            stream.reset()
        }
    }

    private const val BOM_BYTES = 3
}
