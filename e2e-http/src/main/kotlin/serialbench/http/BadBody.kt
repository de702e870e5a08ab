package serialbench.http

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.cbor.Cbor
import kotlinx.serialization.json.Json
import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.shapes.Shapes

/**
 * The kinds of bad upload a server must refuse (400, or 413 for [OVERSIZED]) while it keeps serving, and how to
 * make each from a good [PreparedUpload]. Each is sent with the good list's element count and checksum, so a
 * body that a lenient library still decodes is refused for not matching them.
 */
enum class BadBody(val id: String, val description: String) {
    EMPTY("empty", "no body at all"),
    TRUNCATED("truncated", "the first half of a good body"),
    MALFORMED(
        "malformed",
        "a good body with one byte changed: for JSON a `,` outside strings near the middle becomes `}`; " +
            "otherwise the " +
            "first byte from the middle on whose inversion the codec does not ignore is inverted",
    ),
    WRONG_TYPE("wrong-type", "the same list in another format: CBOR to a JSON codec, JSON to the others"),
    WRONG_SHAPE(
        "wrong-shape",
        "the codec's own body of a list of another shape (for JSON codecs without another shape: objects with other " +
            "fields)",
    ),
    OVERSIZED("oversized", "one byte more than the server's limit (`bench.http.maxBodyBytes`)"),
    ;

    /** The body of this kind for [upload] on a server that takes up to [maxBodyBytes]; null where it does not apply. */
    fun bodyFor(upload: PreparedUpload<*>, maxBodyBytes: Int): ByteArray? {
        val good = upload.body
        val json = upload.codec.format == Codec.Format.JSON
        return when (this) {
            EMPTY -> ByteArray(0)

            TRUNCATED -> good.copyOf(good.size / 2)

            MALFORMED -> {
                val comma = if (json) structuralComma(good, good.size / 2) else null
                if (comma != null) good.copyOf().also { it[comma] = '}'.code.toByte() } else invertedByte(upload)
            }

            WRONG_TYPE -> if (json) cborOf(upload) else jsonOf(upload).encodeToByteArray()

            WRONG_SHAPE -> otherShapeBody(upload)
                ?: if (json) {
                    "[${List(upload.elements.size) {
                        "{\"unexpected\":$it}"
                    }.joinToString(",")}]".encodeToByteArray()
                } else {
                    null
                }

            OVERSIZED -> ByteArray(maxBodyBytes + 1) { if (good.isEmpty()) 0 else good[it % good.size] }
        }
    }

    companion object {
        fun byId(id: String): BadBody = entries.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown bad body '$id'; valid: ${entries.joinToString(", ") { it.id }}")

        /** The first `,` at or after [from] that is not inside a JSON string; null if there is none. */
        private fun structuralComma(bytes: ByteArray, from: Int): Int? {
            var inString = false
            var escaped = false
            for (i in bytes.indices) {
                val c = bytes[i].toInt().toChar()
                when {
                    inString && escaped -> escaped = false
                    inString && c == '\\' -> escaped = true
                    inString && c == '"' -> inString = false
                    !inString && c == '"' -> inString = true
                    !inString && c == ',' && i >= from -> return i
                }
            }
            return null
        }

        /**
         * The body with one byte inverted: the first, from the middle on (then from the start), whose inversion
         * the codec does not ignore (binary formats have bytes that decoding skips, such as Fory's metadata); the
         * middle one if none of [MAX_INVERSION_TRIES] is.
         */
        private fun invertedByte(upload: PreparedUpload<*>): ByteArray {
            val good = upload.body
            if (good.isEmpty()) return good
            val positions = (good.size / 2 until good.size) + (0 until good.size / 2)
            for (position in positions.take(MAX_INVERSION_TRIES)) {
                val bytes = good.copyOf().also { it[position] = (it[position].toInt() xor 0xFF).toByte() }
                if (!upload.decodesToTheList(bytes)) return bytes
            }
            return good.copyOf().also { it[good.size / 2] = (it[good.size / 2].toInt() xor 0xFF).toByte() }
        }

        private const val MAX_INVERSION_TRIES = 256

        private fun <T : Any> jsonOf(upload: PreparedUpload<T>): String =
            Json.encodeToString(ListSerializer(upload.shape.serializer), upload.elements)

        private fun <T : Any> cborOf(upload: PreparedUpload<T>): ByteArray =
            Cbor.encodeToByteArray(ListSerializer(upload.shape.serializer), upload.elements)

        /** The upload's codec's body of as many elements of the first other shape it carries; null if none. */
        private fun otherShapeBody(upload: PreparedUpload<*>): ByteArray? {
            val other =
                Shapes.all.firstOrNull {
                    it.id != upload.shape.id && upload.codec.support(it) is ShapeSupport.Supported
                }
                    ?: return null
            return encodeOther(upload.codec, other, upload.elements.size)
        }

        private fun <T : Any> encodeOther(codec: Codec, shape: Shape<T>, size: Int): ByteArray {
            val lists = (codec.support(shape) as ShapeSupport.Supported).codec
            return lists.encode(shape.generate(OTHER_SHAPE_SEED, size)).toByteArray()
        }

        private const val OTHER_SHAPE_SEED = 1L
    }
}
