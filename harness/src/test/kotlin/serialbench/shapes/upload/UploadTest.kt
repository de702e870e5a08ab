package serialbench.shapes.upload

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder

@Order(TestOrder.UNIT)
@Timeout(30)
class UploadTest {
    private val upload = Upload(1, "a.jpg", "image/jpeg", 3, 10, 20, 30, listOf("x"), byteArrayOf(1, 2, 3))

    @Test
    fun `records with equal content in different arrays are equal, with equal hash codes`() {
        val copy = upload.copy(content = upload.content.copyOf())
        assertThat(copy).isEqualTo(upload).hasSameHashCodeAs(upload)
        assertThat(upload.copy(content = byteArrayOf(1, 2, 4))).isNotEqualTo(upload)
        assertThat(upload.copy(tags = emptyList())).isNotEqualTo(upload)
    }

    @Test
    fun `toString shows the content size, not the bytes`() {
        assertThat(upload.toString()).endsWith("tags=[x], content=3 bytes)")
    }

    @Test
    fun `kotlinx Json writes the content as a standard padded base64 string and reads it back`() {
        val json = Json.encodeToString(Upload.serializer(), upload.copy(content = byteArrayOf(-5, -17, -1, 0)))
        assertThat(json).endsWith("\"content\":\"++//AA==\"}")
        assertThat(Json.decodeFromString(Upload.serializer(), json).content).containsExactly(-5, -17, -1, 0)
    }

    @Test
    fun `content that is not base64 is refused, saying what was expected`() {
        val json = Json.encodeToString(Upload.serializer(), upload).replace("AQID", "A-Q_")
        assertThatThrownBy { Json.decodeFromString(Upload.serializer(), json) }
            .isInstanceOf(SerializationException::class.java)
            .hasMessageContaining("a byte array must be a standard base64 string; got 4 characters")
    }
}
