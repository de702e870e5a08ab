package serialbench.http

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.encoding.AbstractEncoder
import kotlinx.serialization.encoding.CompositeEncoder
import kotlinx.serialization.modules.EmptySerializersModule
import kotlinx.serialization.modules.SerializersModule
import java.util.zip.CRC32C

/**
 * A 64-bit checksum of a list's content, for any shape: the list is walked through its kotlinx serializer, and
 * every value, field index, collection size and structure boundary is mixed into the hash, so equal lists give
 * equal checksums on every JVM, and a missing, extra, reordered or changed value changes it (with the odds of
 * a 64-bit hash), except the order of a map's entries, which `equals` ignores too (libraries decode maps into
 * maps of their own, in their own order). Unlike `hashCode`, it sees the content of byte arrays (a CRC32C of each,
 * whatever their serializer). No text is produced: it costs about one pass over the values.
 *
 * Thread safe: each call has its own state.
 */
object ContentChecksum {
    fun <T> of(serializer: KSerializer<T>, elements: List<T>): Long {
        val encoder = HashingEncoder()
        encoder.encodeSerializableValue(ListSerializer(serializer), elements)
        return encoder.hash
    }

    /** The checksum as it travels in a header: 16 lowercase hex digits. */
    fun format(checksum: Long): String = java.lang.Long.toHexString(checksum).padStart(16, '0')

    /** [format]'s text back to the checksum; null if it is not 1 to 16 hex digits. */
    fun parse(text: String): Long? = if (text.length in 1..16 &&
        text.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }
    ) {
        java.lang.Long.parseUnsignedLong(text, 16)
    } else {
        null
    }
}

@OptIn(ExperimentalSerializationApi::class)
private class HashingEncoder : AbstractEncoder() {
    var hash: Long = OFFSET_BASIS
        private set

    override val serializersModule: SerializersModule = EmptySerializersModule()

    private fun mix(tag: Int, bits: Long) {
        var h = (hash xor tag.toLong()) * PRIME
        h = (h xor bits) * PRIME
        hash = h xor (h ushr 31)
    }

    override fun <T> encodeSerializableValue(serializer: SerializationStrategy<T>, value: T) {
        // Whatever its serializer (byte by byte, or base64 text as `upload`'s), a byte array counts by its bytes.
        if (value is ByteArray) {
            val crc = CRC32C()
            crc.update(value)
            mix(TAG_BYTES, value.size.toLong())
            mix(TAG_BYTES, crc.value)
        } else {
            super.encodeSerializableValue(serializer, value)
        }
    }

    /** A map being walked: its entries are hashed one by one and summed, so their order does not count. */
    private class MapFrame(val outerHash: Long) {
        var entriesSum = 0L
        var entries = 0
        var inEntry = false
    }

    /** One item per open structure, innermost last: a [MapFrame] for a map, null otherwise. */
    private val open = ArrayDeque<MapFrame?>()

    override fun encodeElement(descriptor: SerialDescriptor, index: Int): Boolean {
        val map = open.lastOrNull()
        if (map == null) {
            mix(TAG_ELEMENT, index.toLong())
            return true
        }
        // A map's elements alternate key (even index) and value; each key starts a new entry.
        if (index % 2 == 0) {
            if (map.inEntry) endEntry(map)
            map.inEntry = true
        }
        mix(TAG_ELEMENT, (index % 2).toLong())
        return true
    }

    private fun endEntry(map: MapFrame) {
        map.entriesSum += hash
        map.entries++
        hash = OFFSET_BASIS
    }

    override fun beginStructure(descriptor: SerialDescriptor): CompositeEncoder {
        open.addLast(null)
        mix(TAG_BEGIN, descriptor.elementsCount.toLong())
        return this
    }

    override fun beginCollection(descriptor: SerialDescriptor, collectionSize: Int): CompositeEncoder {
        if (descriptor.kind == StructureKind.MAP) {
            open.addLast(MapFrame(hash))
            hash = OFFSET_BASIS
        } else {
            open.addLast(null)
            mix(TAG_COLLECTION, collectionSize.toLong())
        }
        return this
    }

    override fun endStructure(descriptor: SerialDescriptor) {
        val map = open.removeLast()
        if (map == null) {
            mix(TAG_END, 0)
            return
        }
        if (map.inEntry) endEntry(map)
        hash = map.outerHash
        mix(TAG_MAP, map.entries.toLong())
        mix(TAG_MAP, map.entriesSum)
    }

    override fun encodeNull() = mix(TAG_NULL, 0)
    override fun encodeNotNullMark() = mix(TAG_NOT_NULL, 0)
    override fun encodeBoolean(value: Boolean) = mix(TAG_BOOLEAN, if (value) 1 else 0)
    override fun encodeByte(value: Byte) = mix(TAG_BYTE, value.toLong())
    override fun encodeShort(value: Short) = mix(TAG_SHORT, value.toLong())
    override fun encodeInt(value: Int) = mix(TAG_INT, value.toLong())
    override fun encodeLong(value: Long) = mix(TAG_LONG, value)
    override fun encodeFloat(value: Float) = mix(TAG_FLOAT, value.toRawBits().toLong())
    override fun encodeDouble(value: Double) = mix(TAG_DOUBLE, value.toRawBits())
    override fun encodeChar(value: Char) = mix(TAG_CHAR, value.code.toLong())

    override fun encodeString(value: String) {
        // String.hashCode is cached in the string: cheap on the sender, one pass over fresh strings on the receiver.
        mix(TAG_STRING, value.length.toLong())
        mix(TAG_STRING, value.hashCode().toLong())
    }

    override fun encodeEnum(enumDescriptor: SerialDescriptor, index: Int) = mix(TAG_ENUM, index.toLong())

    private companion object {
        const val OFFSET_BASIS = -0x340d631b7bdddcdbL // FNV-1a 64-bit offset basis
        const val PRIME = 0x100000001b3L // FNV-1a 64-bit prime
        const val TAG_ELEMENT = 1
        const val TAG_BEGIN = 2
        const val TAG_COLLECTION = 3
        const val TAG_END = 4
        const val TAG_NULL = 5
        const val TAG_NOT_NULL = 6
        const val TAG_BOOLEAN = 7
        const val TAG_BYTE = 8
        const val TAG_SHORT = 9
        const val TAG_INT = 10
        const val TAG_LONG = 11
        const val TAG_FLOAT = 12
        const val TAG_DOUBLE = 13
        const val TAG_CHAR = 14
        const val TAG_STRING = 15
        const val TAG_ENUM = 16
        const val TAG_BYTES = 17
        const val TAG_MAP = 18
    }
}
