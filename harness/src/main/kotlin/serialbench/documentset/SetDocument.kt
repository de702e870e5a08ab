package serialbench.documentset

/**
 * One document of the set: a [kind] of about [targetBytes] of UTF-8 in [layout] (a kind that does not repeat has its
 * one size). [generate] makes it from a seed: the same seed, the same bytes on every machine.
 */
class SetDocument(val id: String, val kind: DocumentKind<*>, val targetBytes: Int, val layout: Layout) {
    init {
        require(targetBytes > 0) { "document $id: targetBytes <= 0: $targetBytes" }
    }

    /** The document made from [seed]: its value, and its text as [layout]'s `Json` writes it. */
    fun generate(seed: Long): Generated<*> = generate(kind, seed)

    private fun <T : Any> generate(kind: DocumentKind<T>, seed: Long): Generated<T> {
        val json = layout.json()
        fun bytes(records: Int) = json.encodeToString(kind.serializer, kind.make(seed, records)).utf8Bytes()
        val records = if (kind.repeats) {
            val base = bytes(0)
            val perRecord = ((bytes(SAMPLE_RECORDS) - base) / SAMPLE_RECORDS).coerceAtLeast(1)
            ((targetBytes - base) / perRecord).coerceAtLeast(1)
        } else {
            1
        }
        val value = kind.make(seed, records)
        return Generated(this, kind, value, json.encodeToString(kind.serializer, value), records)
    }

    /** A document made: its [value], [text] and the [records] it holds. */
    class Generated<T : Any>(
        val document: SetDocument,
        val kind: DocumentKind<T>,
        val value: T,
        val text: String,
        val records: Int,
    ) {
        val bytes: Int get() = text.utf8Bytes()
    }

    private companion object {
        /** Records made to learn a kind's bytes per record in a layout. */
        const val SAMPLE_RECORDS = 64

        fun String.utf8Bytes(): Int = toByteArray(Charsets.UTF_8).size
    }
}
