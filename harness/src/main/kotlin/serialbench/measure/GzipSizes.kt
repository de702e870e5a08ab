package serialbench.measure

import java.io.ByteArrayOutputStream
import java.io.OutputStream
import java.security.MessageDigest
import java.util.concurrent.Executors
import java.util.zip.CRC32
import java.util.zip.Deflater
import java.util.zip.GZIPOutputStream

/**
 * The gzip size (`java.util.zip` at the default level) of payloads, each distinct payload compressed once: several
 * codecs write the same bytes (nine JSON codecs write the same text of `flat`), and gzip takes seconds at 100,000
 * objects (8.7 s for the 135 MB of `flat`'s JSON in one stream, 4.3 s in parts on two cores). A payload larger than
 * [PART_BYTES] is compressed in parts of that size side by side ([gzip]), as pigz does. A payload is known by its
 * length and SHA-256 ([key]); [known] holds the sizes an earlier JVM found (a fork of the run, or an earlier run of the
 * same JVM installation: the same bytes through the same `java.util.zip` give the same size). Not thread safe: one JVM
 * measures one thing at a time.
 */
class GzipSizes(known: Map<String, Int> = emptyMap()) {
    private val sizes = HashMap(known)
    private val asked = HashMap<String, Int>()

    /** How many payloads this instance compressed: those it was asked for and did not know. */
    var compressed: Int = 0
        private set

    /** The gzip size of [payload]: known, or compressed now. */
    fun of(payload: ByteArray): Int {
        val key = key(payload)
        val size = sizes.getOrPut(key) {
            compressed++
            gzipSize(payload)
        }
        asked[key] = size
        return size
    }

    /** The sizes of the payloads this instance was asked for, by [key]: for the run's next JVM and its results. */
    fun asked(): Map<String, Int> = HashMap(asked)

    companion object {
        /** The largest part of a payload compressed as one deflate stream: 16 MiB. */
        const val PART_BYTES = 16 shl 20

        /** The bytes before a part that prime its compression: deflate's whole window. */
        private const val WINDOW_BYTES = 32 shl 10

        /**
         * [payload]'s length and SHA-256, in hex; `:parts` after it for a payload larger than [PART_BYTES], whose
         * size depends on the parts (earlier runs compressed such payloads in one stream).
         */
        fun key(payload: ByteArray): String {
            val digest = MessageDigest.getInstance("SHA-256").digest(payload)
            val parts = if (payload.size > PART_BYTES) ":parts" else ""
            return "${payload.size}:" + digest.joinToString("") { "%02x".format(it.toInt() and 0xFF) } + parts
        }

        /** [bytes] after gzip at the default level ([gzip]), always compressed. */
        fun gzipSize(bytes: ByteArray): Int {
            val counter = object : OutputStream() {
                var count = 0L

                override fun write(b: Int) {
                    count++
                }

                override fun write(b: ByteArray, off: Int, len: Int) {
                    count += len
                }
            }
            gzip(bytes, counter)
            return Math.toIntExact(counter.count)
        }

        /**
         * Writes [bytes] after gzip at the default level to [out]: in one stream up to [partBytes]; beyond, one gzip
         * member whose deflate data is made of parts of [partBytes] compressed on up to [threads] threads, each primed
         * with the 32 KiB before it and ended by a sync flush but the last (pigz's way): the same format, which any
         * gzip reads, and within bytes of one stream's size.
         */
        fun gzip(
            bytes: ByteArray,
            out: OutputStream,
            partBytes: Int = PART_BYTES,
            threads: Int = Runtime.getRuntime().availableProcessors(),
        ) {
            require(partBytes > 0) { "partBytes <= 0: $partBytes" }
            require(threads > 0) { "threads <= 0: $threads" }
            if (bytes.size <= partBytes) {
                GZIPOutputStream(out).use { it.write(bytes) }
                return
            }
            val parts = (bytes.size + partBytes - 1) / partBytes
            val pool = Executors.newFixedThreadPool(minOf(threads, parts))
            val deflated = try {
                (0 until parts).map { part -> pool.submit<ByteArray> { deflatePart(bytes, part, partBytes) } }
                    .map { it.get() }
            } finally {
                pool.shutdownNow()
            }
            out.write(GZIP_HEADER)
            deflated.forEach { out.write(it) }
            val crc = CRC32().apply { update(bytes) }.value
            val trailer = ByteArray(8)
            for (i in 0 until 4) {
                trailer[i] = (crc ushr (8 * i)).toByte()
                trailer[4 + i] = (bytes.size ushr (8 * i)).toByte()
            }
            out.write(trailer)
            out.flush()
        }

        /** Part [part] of [bytes], raw deflate data primed with the window before it, ended as [gzip] says. */
        private fun deflatePart(bytes: ByteArray, part: Int, partBytes: Int): ByteArray {
            val from = part * partBytes
            val to = minOf(bytes.size, from + partBytes)
            val last = to == bytes.size
            val deflater = Deflater(Deflater.DEFAULT_COMPRESSION, true)
            try {
                if (from > 0) {
                    val window = minOf(WINDOW_BYTES, from)
                    deflater.setDictionary(bytes, from - window, window)
                }
                deflater.setInput(bytes, from, to - from)
                if (last) deflater.finish()
                val out = ByteArrayOutputStream((to - from) / 2)
                val buffer = ByteArray(64 shl 10)
                val flush = if (last) Deflater.NO_FLUSH else Deflater.SYNC_FLUSH
                while (true) {
                    val n = deflater.deflate(buffer, 0, buffer.size, flush)
                    out.write(buffer, 0, n)
                    // a sync flush is done once it leaves room in the buffer; the last part once finished
                    if (if (last) deflater.finished() else n < buffer.size) break
                }
                return out.toByteArray()
            } finally {
                deflater.end()
            }
        }

        /** The 10 bytes before a gzip member's data: deflate, no name or time, an unknown OS (as JDK 16 on writes). */
        private val GZIP_HEADER = byteArrayOf(0x1f, 0x8b.toByte(), 8, 0, 0, 0, 0, 0, 0, 0xff.toByte())
    }
}
