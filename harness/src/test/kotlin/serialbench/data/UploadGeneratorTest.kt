package serialbench.data

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.data.ShapeSettings
import serialbench.shapes.Shapes
import serialbench.shapes.upload.AdversarialUploads
import serialbench.shapes.upload.UploadGenerator
import serialbench.shapes.upload.UploadShape
import java.io.ByteArrayOutputStream
import java.util.zip.GZIPOutputStream

@Order(TestOrder.UNIT)
@Timeout(60)
class UploadGeneratorTest {
    @Test
    fun `the same seed gives the same records, another seed others, and a prefix does not depend on the count`() {
        assertThat(UploadGenerator(7, 1000).uploads(20)).isEqualTo(UploadGenerator(7, 1000).uploads(20))
        assertThat(UploadGenerator(7, 1000).uploads(20)).isNotEqualTo(UploadGenerator(8, 1000).uploads(20))
        assertThat(UploadGenerator(7, 1000).uploads(5)).isEqualTo(UploadGenerator(7, 1000).uploads(20).take(5))
    }

    @Test
    fun `the default seed gives the same records on every machine`() {
        val first = UploadGenerator().uploads(1).single()
        // Pinned: a change here changes every published upload payload and timing.
        assertThat(first.id).isEqualTo(PINNED_FIRST_ID)
        assertThat(first.fileName).isEqualTo(PINNED_FIRST_FILE_NAME)
        assertThat(first.content.contentHashCode()).isEqualTo(PINNED_FIRST_CONTENT_HASH)
    }

    @Test
    fun `content has the configured size, 256 KiB by default, and does not compress`() {
        val uploads = UploadGenerator().uploads(3)
        assertThat(uploads).allSatisfy { upload ->
            assertThat(upload.content).hasSize(256 * 1024)
            assertThat(upload.sizeBytes).isEqualTo(256L * 1024)
            assertThat(gzippedBytes(upload.content)).isGreaterThan(upload.content.size)
        }
        assertThat(UploadGenerator(1, 0).uploads(2)).allSatisfy { assertThat(it.content).isEmpty() }
        val small = Shapes.upload(ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 10))
        assertThat(small.generate(1, 2)).allSatisfy { assertThat(it.content).hasSize(10) }
    }

    @Test
    fun `metadata looks like an uploaded image's`() {
        val uploads = UploadGenerator(3, 16).uploads(200)
        assertThat(uploads).allSatisfy { upload ->
            assertThat(upload.id).isPositive()
            assertThat(upload.fileName).matches("[A-Za-z_-]+[0-9]{4}\\.(jpg|png|webp)")
            assertThat(upload.contentType).startsWith("image/")
            assertThat(upload.createdAtEpochMillis).isLessThanOrEqualTo(upload.modifiedAtEpochMillis)
            assertThat(upload.modifiedAtEpochMillis).isLessThan(upload.uploadedAtEpochMillis)
            assertThat(upload.tags).doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(4)
        }
        assertThat(uploads.map { it.tags.size }.toSet()).contains(0, 1, 2, 3)
        assertThat(
            uploads.map {
                it.contentType
            }.toSet(),
        ).containsExactlyInAnyOrder("image/jpeg", "image/png", "image/webp")
    }

    @Test
    fun `a content size out of range is refused`() {
        assertThatThrownBy { UploadGenerator(1, -1) }.hasMessage("contentBytes out of range 0..268435456: -1")
        assertThatThrownBy { UploadShape.CONTENT_BYTES.parse("${UploadGenerator.MAX_CONTENT_BYTES + 1}") }
            .hasMessage(
                "bench.uploadBytes='268435457': 268435457 is above the bound 268435456; " +
                    "allowed: 0 to 268435456 (256 MiB), e.g. 262144 for 256 KiB",
            )
    }

    @Test
    fun `adversarial records hold empty and tiny contents, every byte value and extreme numbers`() {
        val adversarial = AdversarialUploads.uploads
        assertThat(adversarial.map { it.content.size }).contains(0, 1, 2, 3, 256)
        assertThat(adversarial.flatMap { it.content.toList() }.toSet()).hasSize(256)
        assertThat(adversarial.map { it.id }).contains(Long.MIN_VALUE, Long.MAX_VALUE)
        assertThat(adversarial).anyMatch { it.tags.isEmpty() }
        assertThat(adversarial.flatMap { it.tags + it.fileName }).contains("", "\u0000", "},{")
    }

    private fun gzippedBytes(bytes: ByteArray): Int {
        val out = ByteArrayOutputStream()
        GZIPOutputStream(out).use { it.write(bytes) }
        return out.size()
    }

    private companion object {
        const val PINNED_FIRST_ID = 2_349_701_564_982_671_058L
        const val PINNED_FIRST_FILE_NAME = "scan-7171.jpg"
        const val PINNED_FIRST_CONTENT_HASH = 1_939_347_442
    }
}
