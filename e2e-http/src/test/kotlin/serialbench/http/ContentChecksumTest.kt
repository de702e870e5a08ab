package serialbench.http

import kotlinx.serialization.Serializable
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestObject

@Order(TestOrder.UNIT)
class ContentChecksumTest {
    private val serializer = TestObject.serializer()
    private val elements = Shapes.FLAT.generate(3, 20)

    @Test
    fun `equal lists have equal checksums, also when they are different instances`() {
        val copy = elements.map { it.copy(items = it.items.map { item -> String(item.toCharArray()) }) }

        assertThat(ContentChecksum.of(serializer, copy)).isEqualTo(ContentChecksum.of(serializer, elements))
    }

    @Test
    fun `a changed, missing, extra or moved value changes the checksum`() {
        val original = ContentChecksum.of(serializer, elements)
        val variants = listOf(
            elements.drop(1),
            elements + elements.first(),
            elements.reversed(),
            listOf(elements[0].copy(value = elements[0].value + 1)) + elements.drop(1),
            listOf(elements[0].copy(name = elements[0].name + "x")) + elements.drop(1),
            listOf(elements[0].copy(items = elements[0].items.dropLast(1))) + elements.drop(1),
            // the same strings, split differently between name and items
            listOf(TestObject("ab", 1, listOf("c"))),
            listOf(TestObject("a", 1, listOf("bc"))),
        )

        val checksums = variants.map { ContentChecksum.of(serializer, it) } + original
        assertThat(checksums).doesNotHaveDuplicates()
        assertThat(
            ContentChecksum.of(serializer, emptyList()),
        ).isNotEqualTo(ContentChecksum.of(serializer, listOf(TestObject("", 0, emptyList()))))
    }

    @Serializable
    data class Tagged(
        val name: String,
        val tags: Map<String, String>,
        val nested: Map<String, Map<String, Int>> = emptyMap(),
    )

    @Test
    fun `a map's entries count whatever their order, and their keys and values by content`() {
        fun checksum(vararg items: Tagged) = ContentChecksum.of(Tagged.serializer(), items.toList())
        val ordered =
            Tagged("a", linkedMapOf("x" to "1", "y" to "2"), linkedMapOf("p" to linkedMapOf("q" to 1, "r" to 2)))
        val reordered =
            Tagged("a", linkedMapOf("y" to "2", "x" to "1"), linkedMapOf("p" to linkedMapOf("r" to 2, "q" to 1)))

        assertThat(reordered).isEqualTo(ordered)
        assertThat(checksum(reordered)).isEqualTo(checksum(ordered))
        assertThat(checksum(ordered.copy(tags = mapOf("x" to "2", "y" to "1")))).isNotEqualTo(checksum(ordered))
        assertThat(checksum(ordered.copy(tags = mapOf("x" to "1")))).isNotEqualTo(checksum(ordered))
        assertThat(
            checksum(ordered.copy(tags = emptyMap())),
        ).isNotEqualTo(checksum(ordered.copy(tags = mapOf("" to ""))))
        assertThat(checksum(ordered.copy(nested = mapOf("p" to mapOf("q" to 1))))).isNotEqualTo(checksum(ordered))
        // the entries of a map do not mix with what follows it
        assertThat(
            checksum(ordered, ordered.copy(name = "b")),
        ).isNotEqualTo(checksum(ordered.copy(name = "b"), ordered))
    }

    @Serializable
    class Blob(val bytes: ByteArray, val note: String?)

    @Test
    fun `byte arrays count by content and nulls by place`() {
        fun checksum(vararg blobs: Blob) = ContentChecksum.of(Blob.serializer(), blobs.toList())

        assertThat(checksum(Blob(byteArrayOf(1, 2), null))).isEqualTo(checksum(Blob(byteArrayOf(1, 2), null)))
        assertThat(checksum(Blob(byteArrayOf(1, 2), null))).isNotEqualTo(checksum(Blob(byteArrayOf(1, 3), null)))
        assertThat(checksum(Blob(byteArrayOf(1, 2), null))).isNotEqualTo(checksum(Blob(byteArrayOf(1, 2), "")))
    }

    @Test
    fun `an upload's content counts by its bytes, though its serializer writes base64 text`() {
        val uploads = Shapes.UPLOAD.generate(5, 2)
        val changed = listOf(
            uploads[0].copy(
                content = uploads[0].content.copyOf().also {
                    it[100] =
                        (it[100] + 1).toByte()
                },
            ),
            uploads[1],
        )
        val serializer = Shapes.UPLOAD.serializer

        assertThat(
            ContentChecksum.of(
                serializer,
                uploads.map {
                    it.copy(content = it.content.copyOf())
                },
            ),
        ).isEqualTo(ContentChecksum.of(serializer, uploads))
        assertThat(ContentChecksum.of(serializer, changed)).isNotEqualTo(ContentChecksum.of(serializer, uploads))
    }

    @Test
    fun `the header form reads back, and what is not hex is refused`() {
        for (value in listOf(0L, 1L, -1L, Long.MIN_VALUE, 0x00ab_cdef_0123_4567L)) {
            assertThat(ContentChecksum.format(value)).hasSize(16)
            assertThat(ContentChecksum.parse(ContentChecksum.format(value))).isEqualTo(value)
        }
        assertThat(ContentChecksum.parse("")).isNull()
        assertThat(ContentChecksum.parse("xyz")).isNull()
        assertThat(ContentChecksum.parse("1".repeat(17))).isNull()
    }

    @Test
    fun `a digest reads back from the response body, and another text is not a digest`() {
        val digest = UploadDigest(1000, -42)

        assertThat(digest.format()).isEqualTo("elements=1000 checksum=ffffffffffffffd6")
        assertThat(UploadDigest.parse(digest.format())).isEqualTo(digest)
        assertThat(UploadDigest.parse("codec kotlinx-json, shape flat: body (0 bytes) does not decode")).isNull()
        assertThat(UploadDigest.parse("elements=ten checksum=00")).isNull()
    }
}
