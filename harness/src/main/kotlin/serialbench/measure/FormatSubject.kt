package serialbench.measure

import kotlinx.serialization.KSerializer
import kotlinx.serialization.StringFormat
import serialbench.codec.SplitCounting

/**
 * One document through a kotlinx [format]: [serialize] writes [value], [deserialize] reads [text], the text kotlinx
 * `Json` writes for [value] in the same configuration. No wrong result is timed: the first serialization must give
 * [text] exactly and the first deserialization [value], else the call fails naming [name] and the first differing
 * character.
 */
class FormatSubject<T>(
    private val format: StringFormat,
    private val serializer: KSerializer<T>,
    private val value: T,
    private val text: String,
    private val name: String,
    override val splits: SplitCounting? = null,
) : Subject {
    private var serializationChecked = false
    private var deserializationChecked = false

    override val payloadBytes: Int = text.toByteArray(Charsets.UTF_8).size

    override fun payloadContent(): ByteArray = text.toByteArray(Charsets.UTF_8)

    /** One code per document class or tree: a series of another class compiles other serializers. */
    override val code: String get() = "${javaClass.name}/${serializer.descriptor.serialName}"

    override fun serialize(): Any? {
        val written = format.encodeToString(serializer, value)
        if (!serializationChecked) {
            check(written == text) {
                val at = written.commonPrefixWith(text).length
                "$name: the text written differs from kotlinx Json's at character $at " +
                    "(${written.length} characters written, ${text.length} expected)"
            }
            serializationChecked = true
        }
        return written
    }

    override fun deserialize(): Any? {
        val read = format.decodeFromString(serializer, text)
        if (!deserializationChecked) {
            check(read == value) { "$name: reading the text gave another value than the one it was written from" }
            deserializationChecked = true
        }
        return read
    }
}
