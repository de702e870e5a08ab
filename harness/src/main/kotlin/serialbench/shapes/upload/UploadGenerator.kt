package serialbench.shapes.upload

import serialbench.shapes.flat.TestDataGenerator
import kotlin.random.Random

/**
 * Makes uploaded images from a [seed], as [TestDataGenerator] makes `flat`: the same seed and [contentBytes]
 * give the same records on every machine, and the first `k` records of any call are the same whatever the count.
 *
 * Each record carries [contentBytes] of uniformly random bytes (incompressible, as a JPEG is) and metadata:
 * a file name, a content type, three timestamps and 0 to 4 tags.
 */
class UploadGenerator(
    private val seed: Long = TestDataGenerator.DEFAULT_SEED,
    private val contentBytes: Int = DEFAULT_CONTENT_BYTES,
) {
    init {
        require(contentBytes in 0..MAX_CONTENT_BYTES) {
            "contentBytes out of range 0..$MAX_CONTENT_BYTES: $contentBytes"
        }
    }

    /** Returns [count] records. */
    fun uploads(count: Int): List<Upload> {
        require(count >= 0) { "count < 0: $count" }
        val random = Random(seed)
        return List(count) { random.upload() }
    }

    private fun Random.upload(): Upload {
        val (extension, contentType) = TYPES[nextInt(TYPES.size)]
        val createdAtEpochMillis = EPOCH_MILLIS + nextLong(0, YEAR_MILLIS)
        val modifiedAtEpochMillis = createdAtEpochMillis + nextLong(0, DAY_MILLIS)
        val uploadedAtEpochMillis = modifiedAtEpochMillis + nextLong(1_000, DAY_MILLIS)
        return Upload(
            id = nextLong(1, Long.MAX_VALUE),
            fileName = "${PREFIXES[nextInt(PREFIXES.size)]}${nextInt(10_000).toString().padStart(4, '0')}.$extension",
            contentType = contentType,
            sizeBytes = contentBytes.toLong(),
            createdAtEpochMillis = createdAtEpochMillis,
            modifiedAtEpochMillis = modifiedAtEpochMillis,
            uploadedAtEpochMillis = uploadedAtEpochMillis,
            tags = List(nextInt(5)) { TAGS[nextInt(TAGS.size)] }.distinct(),
            content = nextBytes(contentBytes),
        )
    }

    companion object {
        /** 256 KiB, a mid-sized phone photo after compression. */
        const val DEFAULT_CONTENT_BYTES: Int = 256 * 1024

        /** 256 MiB: one record's base64 text and its copies must still fit a Java array and the benchmark heap. */
        const val MAX_CONTENT_BYTES: Int = 256 * 1024 * 1024

        private const val EPOCH_MILLIS = 1_735_689_600_000L // 2025-01-01T00:00:00Z
        private const val DAY_MILLIS = 24 * 3600 * 1000L
        private const val YEAR_MILLIS = 365 * DAY_MILLIS
        private val TYPES = List(3) { "jpg" to "image/jpeg" } + listOf("png" to "image/png", "webp" to "image/webp")
        private val PREFIXES = listOf("IMG_", "DSC_", "photo-", "scan-")
        private val TAGS =
            listOf("holiday", "family", "receipt", "profile", "document", "screenshot", "landscape", "pet")
    }
}
