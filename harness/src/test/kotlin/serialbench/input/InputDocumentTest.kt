package serialbench.input

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.results.FileOutline
import serialbench.results.JsonTopLevel
import java.io.File
import java.util.concurrent.TimeUnit

/** The user's file: what it is measured as, and every way it can be refused before anything runs. */
@Order(TestOrder.UNIT)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InputDocumentTest {
    @TempDir
    lateinit var directory: File

    @Test
    fun `an array is measured at its element count, with its outline`() {
        val file =
            write(
                "orders.json",
                """[{"id": 1, "lines": [{"sku": "a"}]}, {"id": 2, "lines": []}, {"id": 3, "lines": []}]""",
            )
        val document = InputDocument.read(file)
        assertThat(document.shapeId).isEqualTo("file:orders.json")
        assertThat(document.size).isEqualTo(3)
        assertThat(document.outline)
            .isEqualTo(
                FileOutline(file.path, "orders.json", file.length(), JsonTopLevel.ARRAY, elements = 3, depth = 4),
            )
        assertThat(document.description)
            .isEqualTo(
                "The JSON file `orders.json` (84 bytes): an array of 3 elements, 4 levels deep, measured in tree mode",
            )
        assertThat(document.reference().toString())
            .isEqualTo("""[{"id":1,"lines":[{"sku":"a"}]},{"id":2,"lines":[]},{"id":3,"lines":[]}]""")
    }

    @Test
    fun `an object is one document, and its duplicate keys and byte order mark are noted`() {
        val file = File(directory, "config.json").apply {
            writeBytes(
                byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte()) +
                    """{"a": 1, "a": 2, "b": {}}""".encodeToByteArray(),
            )
        }
        val document = InputDocument.read(file)
        assertThat(document.size).isEqualTo(1)
        assertThat(document.text).startsWith("{")
        assertThat(document.outline).isEqualTo(
            FileOutline(
                file.path, "config.json", 28, JsonTopLevel.OBJECT, elements = 2, depth = 2, duplicateKeys = 1,
                firstDuplicateKey = "$.a", byteOrderMark = true,
            ),
        )
        assertThat(InputDocument.outlineText(document.outline))
            .isEqualTo(
                "an object of 2 members, 2 levels deep, 1 duplicate key (the first at `$.a`), a UTF-8 byte order mark at its start (skipped)",
            )
    }

    @Test
    fun `a missing file is refused with its absolute path`() {
        val file = File(directory, "nothing.json")
        assertRefused(file, "no such file (absolute path ${file.absolutePath}); allowed: a JSON file")
    }

    @Test
    fun `a directory is refused as unreadable`() {
        // Permission bits cannot make a file unreadable for root, who runs some CI machines; a directory can.
        val file = File(directory, "data").apply { mkdirs() }
        assertRefused(file, "a directory, not a file (absolute path ${file.absolutePath}); allowed: a JSON file")
    }

    @Test
    fun `an unreadable file is refused`() {
        val file = write("secret.json", "[1]")
        file.setReadable(false, false)
        try {
            if (file.canRead()) return // root reads everything: nothing to check here
            assertRefused(file, "cannot be read (absolute path ${file.absolutePath}); allowed: a readable JSON file")
        } finally {
            file.setReadable(true, false)
        }
    }

    @Test
    fun `a file longer than one array can hold is refused by its length, without being read`() {
        val file = File(directory, "huge.json")
        java.io.RandomAccessFile(file, "rw").use { it.setLength(2L shl 30) } // sparse: nothing written to disk
        assertRefused(
            file,
            "2,147,483,648 bytes on disk, not read; allowed: at most 2,147,483,639 bytes (one Java array holds the text)",
        )
    }

    @Test
    fun `an empty file is refused`() {
        assertRefused(write("empty.json", ""), "the file is empty (0 bytes); allowed: a JSON array or object")
    }

    @Test
    fun `a file of whitespace is refused at its end`() {
        assertRefused(
            write("blank.json", "\n  \n"),
            "not JSON at byte offset 4 (line 3, column 1): no JSON value: the text is empty or only whitespace",
        )
    }

    @Test
    fun `text that is not JSON is refused at the byte offset, line and column of the problem`() {
        val file = write("broken.json", "[\n  {\"name\": \"é\", \"price\": 0.1,}\n]")
        // 'é' is two bytes in UTF-8: the byte offset counts them, the column counts characters.
        assertRefused(
            file,
            "not JSON at byte offset 32 (line 2, column 30): expected a key in double quotes, found '}'",
        )
    }

    @Test
    fun `bytes that are not UTF-8 are refused at their offset`() {
        val file = File(directory, "latin1.json").apply {
            writeBytes("[\"caf".encodeToByteArray() + byteArrayOf(0xE9.toByte()) + "\"]".encodeToByteArray())
        }
        assertRefused(
            file,
            "not UTF-8 at byte offset 5 (line 1): 0xE9 is not a valid UTF-8 sequence; save the file as UTF-8",
        )
    }

    @Test
    fun `a single value is refused, the benchmark measures arrays and objects`() {
        assertRefused(
            write("number.json", " 42 "),
            "the document is a single number, not an array or object; allowed: a JSON array or object",
        )
        assertRefused(
            write("string.json", "\"text\""),
            "the document is a single string, not an array or object; allowed: a JSON array or object",
        )
    }

    @Test
    fun `an empty array or object is refused, there is nothing to measure`() {
        assertRefused(write("none.json", "[ ]"), "the document is an empty array: there is nothing to measure")
        assertRefused(write("nothing.json", "{}"), "the document is an empty object: there is nothing to measure")
    }

    private fun write(name: String, text: String) = File(directory, name).apply { writeText(text) }

    private fun assertRefused(file: File, problem: String) {
        assertThatThrownBy { InputDocument.read(file) }
            .isInstanceOf(InputFileException::class.java)
            .hasMessage("bench.input='${file.path}': $problem")
    }
}
