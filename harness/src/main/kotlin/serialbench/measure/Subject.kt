package serialbench.measure

import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.SplitCounting
import serialbench.codec.splitCounting

/**
 * What one measurement times: serialization and deserialization of data prepared once. No wrong result is timed: a
 * subject checks its first deserialization, which a warm-up makes. Every call must do the whole work again.
 */
interface Subject {
    /** Bytes on the wire of the deserialized payload. */
    val payloadBytes: Int

    /** Those bytes themselves, for their gzip size ([GzipSizes]); asked after the timed calls. */
    fun payloadContent(): ByteArray

    fun serialize(): Any?

    fun deserialize(): Any?

    /**
     * Which code its calls run, besides its codec, shape and operation (a list from a string, a tree, a file): a
     * series of the same code in the same JVM at another size was compiled by the series before it.
     */
    val code: String get() = javaClass.name

    /**
     * Whether its first serialization is a call like the next ones (it only keeps what it wrote), not one that also
     * checks it (a document reads its text back): a later size's warm-up may then end with it ([Sampler.series]).
     */
    val firstSerializationPlain: Boolean get() = false

    /** What its codec chose for the large lists and maps it splits across threads; `null` for a codec that does not. */
    val splits: SplitCounting? get() = null

    companion object {
        /**
         * [objects] through [codec]. The payload that deserialization reads is the first serialization's (a codec
         * gives the same bytes each time; the first serialization is a warm-up call, so the payload costs no call
         * of its own); the first deserialization checks that it gives [objects] back, naming the first differing
         * index if not. A codec known to change the data ([changesData]: a user's type, whose row says how) must
         * give as many objects back. A subject that [releasesObjects] is their only holder and is deserialized only
         * after its last serialization (as [CodecBenchmark.run] calls it): it drops them once its first
         * deserialization checked them, so that the deserialization series' full GC and timed calls do not carry
         * them (at 100,000 objects of `flat`, some 600 MB that each full GC marks again).
         */
        fun <T : Any> ofList(
            codec: ListCodec<T>,
            objects: List<T>,
            changesData: Boolean = false,
            releasesObjects: Boolean = false,
        ): Subject = ListSubject(codec, objects, changesData, releasesObjects)

        private fun <T> firstDifference(expected: List<T>, actual: List<T>): Int =
            expected.indices.firstOrNull { it >= actual.size || expected[it] != actual[it] } ?: expected.size
    }

    private class ListSubject<T : Any>(
        private val codec: ListCodec<T>,
        private var objects: List<T>?,
        private val changesData: Boolean,
        private val releasesObjects: Boolean,
    ) : Subject {
        private var payload: Payload? = null
        private var checked = false

        override val splits: SplitCounting? get() = codec.splitCounting

        override val firstSerializationPlain: Boolean get() = true

        override val payloadBytes: Int get() = payload().sizeBytes

        override fun payloadContent(): ByteArray = payload().toByteArray()

        override fun serialize(): Any? {
            val encoded = codec.encode(objects())
            if (payload == null) payload = encoded
            return encoded
        }

        override fun deserialize(): Any? {
            val decoded = codec.decode(payload())
            if (!checked) {
                val objects = objects()
                check(if (changesData) decoded.size == objects.size else decoded == objects) {
                    "decoding its own payload gave a different list " +
                        "(${decoded.size} objects, first difference at index ${firstDifference(objects, decoded)})"
                }
                checked = true
                if (releasesObjects) this.objects = null
            }
            return decoded
        }

        private fun objects(): List<T> = checkNotNull(objects) {
            "the objects of this ${codec.javaClass.simpleName} subject were released after its first deserialization"
        }

        private fun payload(): Payload = payload ?: codec.encode(objects()).also { payload = it }
    }
}
