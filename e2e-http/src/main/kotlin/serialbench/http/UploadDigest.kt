package serialbench.http

/** The server's answer to a good upload: how many elements it decoded and their [ContentChecksum]. */
data class UploadDigest(val elements: Int, val checksum: Long) {
    /** The response body: `elements=1000 checksum=00ab...`. */
    fun format(): String = "elements=$elements checksum=${ContentChecksum.format(checksum)}"

    companion object {
        /** A response body back to the digest; null if it is not one. */
        fun parse(text: String): UploadDigest? {
            val fields = text.trim().split(' ').mapNotNull { field ->
                field.split('=', limit = 2).takeIf { it.size == 2 }?.let { it[0] to it[1] }
            }.toMap()
            val elements = fields["elements"]?.toIntOrNull() ?: return null
            val checksum = fields["checksum"]?.let(ContentChecksum::parse) ?: return null
            return UploadDigest(elements, checksum)
        }
    }
}
