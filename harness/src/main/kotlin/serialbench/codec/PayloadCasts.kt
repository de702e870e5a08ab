package serialbench.codec

/** The bytes of a [Payload.Binary]; a [Payload.Text] is refused with the codec it was given to. */
internal fun Payload.asBytes(codecId: String): ByteArray = when (this) {
    is Payload.Binary -> bytes
    is Payload.Text -> throw IllegalArgumentException("codec $codecId decodes bytes, got $this")
}
