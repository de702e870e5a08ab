package serialbench.input

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import serialbench.results.FileOutline
import serialbench.results.JsonTopLevel
import serialbench.text.MalformedUtf8Exception
import serialbench.text.StrictUtf8
import java.io.File
import java.io.IOException
import java.util.Locale

/**
 * The user's JSON file (`bench.input`), read and checked once, before anything is measured: it must exist, be a
 * readable file, be UTF-8, and hold one JSON array or object (RFC 8259, strictly) that is not empty. Otherwise
 * [read] fails with an [InputFileException] naming the file, the byte offset (with line and column) and the problem.
 *
 * A UTF-8 byte order mark at the start is skipped (JSON has none; Windows tools write one), and noted in [outline].
 * Immutable and thread safe.
 */
class InputDocument private constructor(
    val file: File,
    /** The document as text, byte order mark removed: what every codec decodes. */
    val text: String,
    val outline: FileOutline,
) {
    /** The shape id of the file in results and reports: `file:orders.json`. */
    val shapeId: String get() = FILE_PREFIX + file.name

    /** The N of its rows: the elements of a top-level array, or 1 for an object (one document). */
    val size: Int get() = if (outline.topLevel == JsonTopLevel.ARRAY) outline.elements else 1

    /** One sentence for the report: the file, its size and outline. */
    val description: String
        get() = buildString {
            append("The JSON file `${outline.name}` (${String.format(Locale.ROOT, "%,d", outline.sizeBytes)} bytes): ")
            append(outlineText(outline))
            append(", measured in tree mode")
        }

    /** The document as a kotlinx tree, parsed again on each call (so that no caller holds it longer than it needs). */
    fun reference(): JsonElement = StrictJsonReader(text).readDocument()

    companion object {
        /** The prefix of a file's shape id. */
        const val FILE_PREFIX = "file:"

        /** Reads and checks [file]; see the class comment for what is refused. */
        fun read(file: File): InputDocument {
            requireReadableFile(file)
            val bytes = try {
                file.readBytes()
            } catch (e: IOException) {
                throw InputFileException(file, "cannot be read (absolute path ${file.absolutePath}): ${e.message}", e)
            }
            if (bytes.isEmpty()) {
                throw InputFileException(
                    file,
                    "the file is empty (0 bytes); allowed: a JSON array or object",
                )
            }
            val byteOrderMark =
                bytes.size >= 3 && bytes[0] == 0xEF.toByte() && bytes[1] == 0xBB.toByte() && bytes[2] == 0xBF.toByte()
            val skipped = if (byteOrderMark) 3 else 0
            val text = decodeUtf8(file, bytes, skipped)
            val reader = StrictJsonReader(text)
            val tree = try {
                reader.readDocument()
            } catch (e: JsonSyntaxException) {
                val byteOffset = skipped + text.substring(0, e.offset).encodeToByteArray().size
                throw InputFileException(file, "not JSON at ${place(text, e.offset, byteOffset)}: ${e.problem}", e)
            }
            val (topLevel, elements) = when (tree) {
                is JsonArray -> JsonTopLevel.ARRAY to tree.size

                is JsonObject -> JsonTopLevel.OBJECT to tree.size

                else -> throw InputFileException(
                    file,
                    "the document is a single ${scalarKind(tree)}, not an array or object; " +
                        "allowed: a JSON array or object",
                )
            }
            if (elements == 0) {
                throw InputFileException(
                    file,
                    "the document is an empty ${topLevel.displayName}: there is nothing to measure",
                )
            }
            val outline = FileOutline(
                path = file.path,
                name = file.name,
                sizeBytes = bytes.size.toLong(),
                topLevel = topLevel,
                elements = elements,
                depth = reader.depth,
                duplicateKeys = reader.duplicateKeys.size,
                firstDuplicateKey = reader.duplicateKeys.firstOrNull(),
                byteOrderMark = byteOrderMark,
            )
            return InputDocument(file, text, outline)
        }

        /** Checks that [file] names a readable regular file: what `bench.input` validates before anything runs. */
        fun requireReadableFile(file: File) {
            when {
                !file.exists() -> throw InputFileException(
                    file,
                    "no such file (absolute path ${file.absolutePath}); allowed: a JSON file",
                )

                file.isDirectory -> throw InputFileException(
                    file,
                    "a directory, not a file (absolute path ${file.absolutePath}); allowed: a JSON file",
                )

                !file.isFile || !file.canRead() -> throw InputFileException(
                    file,
                    "cannot be read (absolute path ${file.absolutePath}); allowed: a readable JSON file",
                )

                file.length() > MAX_FILE_BYTES -> throw InputFileException(
                    file,
                    "${String.format(Locale.ROOT, "%,d", file.length())} bytes on disk, not read; allowed: at most " +
                        "${String.format(Locale.ROOT, "%,d", MAX_FILE_BYTES)} bytes (one Java array holds the text)",
                )
            }
        }

        /** The largest file [read] takes: its bytes are one array, and no JVM makes an array longer than this. */
        const val MAX_FILE_BYTES: Long = Int.MAX_VALUE - 8L

        /** The outline in words: `an array of 1,000 elements, 4 levels deep`. */
        fun outlineText(outline: FileOutline): String = buildString {
            val count = String.format(Locale.ROOT, "%,d", outline.elements)
            when (outline.topLevel) {
                JsonTopLevel.ARRAY -> append("an array of $count element${if (outline.elements == 1) "" else "s"}")
                JsonTopLevel.OBJECT -> append("an object of $count member${if (outline.elements == 1) "" else "s"}")
            }
            append(", ${outline.depth} level${if (outline.depth == 1) "" else "s"} deep")
            if (outline.duplicateKeys > 0) {
                append(
                    ", ${outline.duplicateKeys} duplicate key${if (outline.duplicateKeys == 1) "" else "s"} (the " +
                        "first at `${outline.firstDuplicateKey}`)",
                )
            }
            if (outline.byteOrderMark) append(", a UTF-8 byte order mark at its start (skipped)")
        }

        private fun decodeUtf8(file: File, bytes: ByteArray, skipped: Int): String = try {
            StrictUtf8.decode(if (skipped == 0) bytes else bytes.copyOfRange(skipped, bytes.size))
        } catch (e: MalformedUtf8Exception) {
            val offset = skipped + e.offset
            val bad = e.badBytes.joinToString(" ") { "0x%02X".format(it) }
            val line = (0 until offset).count { bytes[it] == '\n'.code.toByte() } + 1
            throw InputFileException(
                file,
                "not UTF-8 at byte offset $offset (line $line): $bad is not a valid UTF-8 sequence; save the file " +
                    "as UTF-8",
            )
        }

        private fun place(text: String, charOffset: Int, byteOffset: Int): String {
            var line = 1
            var lineStart = 0
            for (i in 0 until minOf(charOffset, text.length)) {
                if (text[i] == '\n') {
                    line++
                    lineStart = i + 1
                }
            }
            return "byte offset $byteOffset (line $line, column ${charOffset - lineStart + 1})"
        }

        private fun scalarKind(element: JsonElement): String {
            val primitive = element as kotlinx.serialization.json.JsonPrimitive
            return when {
                primitive is kotlinx.serialization.json.JsonNull -> "null"
                primitive.isString -> "string"
                primitive.content == "true" || primitive.content == "false" -> "boolean"
                else -> "number"
            }
        }
    }
}

/** The `bench.input` file cannot be measured: [problem] says why (and where, for its content). */
class InputFileException(val file: File, val problem: String, cause: Throwable? = null) :
    IllegalArgumentException("$PROPERTY='${file.path}': $problem", cause)

/**
 * The property that names the file (`BenchConfig.INPUT`), repeated here so that this package does not depend on `run`.
 */
private const val PROPERTY = "bench.input"
