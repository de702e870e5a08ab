package serialbench.shapes.upload

import serialbench.shapes.flat.AdversarialData
import kotlin.random.Random

/**
 * Upload records that break naive encoders: empty and tiny contents (each base64 padding: none, `=`, `==`),
 * every byte value (so `+` and `/` appear in base64), contents just past common buffer sizes, the strings of
 * [AdversarialData] in file names and tags, and the extreme [Long] values. Contents stay small: the tests
 * repeat these records many times.
 */
object AdversarialUploads {
    private val strings: List<String> = AdversarialData.objects.flatMap { it.items + it.name }.distinct()

    private fun upload(
        id: Long,
        fileName: String,
        content: ByteArray,
        tags: List<String> = emptyList(),
        contentType: String = "image/jpeg",
    ) = Upload(id, fileName, contentType, content.size.toLong(), id, id, id, tags, content)

    val uploads: List<Upload> = listOf(
        upload(0, "", ByteArray(0), contentType = ""),
        upload(1, "one.bin", byteArrayOf(0)),
        upload(2, "two.bin", byteArrayOf(-1, -2)),
        upload(3, "three.bin", byteArrayOf(-5, -17, -65)),
        upload(4, "every byte value", ByteArray(256) { it.toByte() }, contentType = "application/octet-stream"),
        upload(5, "buffer edge", Random(5).nextBytes(8_193), listOf("", "\u0000")),
        upload(Long.MAX_VALUE, "quote\"d \\ ../../etc/passwd C:\\Users\\x.jpg", byteArrayOf(34, 92, 10), strings),
        upload(Long.MIN_VALUE, "Привет 漢字 😀.png", byteArrayOf(0x7B, 0x7D, 0x2C), listOf("},{", "a\u2028b")),
        Upload(
            -1, "lies about its size", "image/png", Long.MAX_VALUE, Long.MIN_VALUE, 0, Long.MAX_VALUE,
            listOf(
                " ",
            ),
            byteArrayOf(1),
        ),
    )
}
