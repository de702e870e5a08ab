package serialbench.measure

import serialbench.codec.DocumentCodec
import serialbench.codec.Payload
import serialbench.codec.SplitCounting

/**
 * One document through a library that binds its class itself ([DocumentCodec]: fastjson2 and its parallel layer):
 * [deserialize] reads [text], the document as kotlinx `Json` writes it in its layout, and [serialize] writes [value]
 * as the library writes it. No wrong result is timed: the first deserialization must give [value], and the first
 * serialization, read back by the same codec, [value] too; else the call fails naming [name].
 */
class DocumentSubject<T : Any>(
    private val codec: DocumentCodec<T>,
    private val value: T,
    text: String,
    private val name: String,
    override val splits: SplitCounting? = null,
) : Subject {
    private val payload = Payload.Text(text)
    private var serializationChecked = false
    private var deserializationChecked = false

    override val payloadBytes: Int = payload.sizeBytes

    override fun payloadContent(): ByteArray = payload.toByteArray()

    /** One code per document class: a series of another class compiles other bindings. */
    override val code: String get() = "${javaClass.name}/${value.javaClass.name}"

    override fun serialize(): Any? {
        val written = codec.encodeDocument(value)
        if (!serializationChecked) {
            check(codec.decodeDocument(written) == value) {
                "$name: the text written (${written.sizeBytes} bytes) reads back as another value than the one " +
                    "it was written from"
            }
            serializationChecked = true
        }
        return written
    }

    override fun deserialize(): Any? {
        val read = codec.decodeDocument(payload)
        if (!deserializationChecked) {
            check(read == value) { "$name: reading the text gave another value than the one it was written from" }
            deserializationChecked = true
        }
        return read
    }
}
