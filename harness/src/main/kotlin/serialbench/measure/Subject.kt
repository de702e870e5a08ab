package serialbench.measure

import serialbench.codec.ListCodec
import serialbench.codec.Payload
import java.io.ByteArrayOutputStream
import java.util.zip.GZIPOutputStream

/**
 * What one measurement times: serialization and deserialization of data prepared once, and checked once,
 * before any timing (a wrong result is never measured). Every call must do the whole work again.
 */
interface Subject {
    /** Bytes on the wire of the deserialized payload. */
    val payloadBytes: Int

    /** Those bytes after gzip at the default level (seconds of work for a payload of 100 MB: asked only when used). */
    val gzipBytes: Int

    fun serialize(): Any?

    fun deserialize(): Any?

    companion object {
        /**
         * [objects] through [codec]: encodes once and checks that decoding gives [objects] back, naming the
         * first differing index if not. A codec known to change the data ([changesData]: a user's type, whose row
         * says how) must give as many objects back.
         */
        fun <T : Any> ofList(
            codec: ListCodec<T>,
            objects: List<T>,
            what: String,
            changesData: Boolean = false,
        ): Subject {
            val payload = codec.encode(objects)
            val decoded = codec.decode(payload)
            check(if (changesData) decoded.size == objects.size else decoded == objects) {
                "$what: decoding its own payload gave a different list " +
                    "(${decoded.size} objects, first difference at index ${firstDifference(objects, decoded)})"
            }
            return ListSubject(codec, objects, payload)
        }

        fun gzipSize(bytes: ByteArray): Int {
            val out = ByteArrayOutputStream(bytes.size / 4 + 64)
            GZIPOutputStream(out).use { it.write(bytes) }
            return out.size()
        }

        private fun <T> firstDifference(expected: List<T>, actual: List<T>): Int =
            expected.indices.firstOrNull { it >= actual.size || expected[it] != actual[it] } ?: expected.size
    }

    private class ListSubject<T : Any>(
        private val codec: ListCodec<T>,
        private val objects: List<T>,
        private val payload: Payload,
    ) : Subject {
        override val payloadBytes: Int = payload.sizeBytes
        override val gzipBytes: Int by lazy { gzipSize(payload.toByteArray()) }

        override fun serialize(): Any? = codec.encode(objects)

        override fun deserialize(): Any? = codec.decode(payload)
    }
}
