package serialbench.measure

import java.io.ByteArrayOutputStream
import java.security.MessageDigest
import java.util.zip.GZIPOutputStream

/**
 * The gzip size (`java.util.zip` at the default level) of payloads, each distinct payload compressed once: several
 * codecs write the same bytes (nine JSON codecs write the same text of `flat`), and gzip takes seconds at 100,000
 * objects (8 s for the 135 MB of `flat`'s JSON). A payload is known by its length and SHA-256 ([key]); [known] holds
 * the sizes an earlier JVM found (a fork of the run, or an earlier run of the same JVM installation: the same bytes
 * through the same `java.util.zip` give the same size). Not thread safe: one JVM measures one thing at a time.
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
        /** [payload]'s length and SHA-256, in hex. */
        fun key(payload: ByteArray): String {
            val digest = MessageDigest.getInstance("SHA-256").digest(payload)
            return "${payload.size}:" + digest.joinToString("") { "%02x".format(it.toInt() and 0xFF) }
        }

        /** [bytes] after gzip at the default level, always compressed. */
        fun gzipSize(bytes: ByteArray): Int {
            val out = ByteArrayOutputStream(bytes.size / 4 + 64)
            GZIPOutputStream(out).use { it.write(bytes) }
            return out.size()
        }
    }
}
