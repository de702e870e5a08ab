package serialbench.codec

/** The text of a [Payload.Text]; a [Payload.Binary] is refused with the codec it was given to. */
internal fun Payload.asText(codecId: String): String = when (this) {
    is Payload.Text -> text
    is Payload.Binary -> throw IllegalArgumentException("codec $codecId decodes text, got $this")
}

/** The bytes of a [Payload.Binary]; a [Payload.Text] is refused with the codec it was given to. */
internal fun Payload.asBytes(codecId: String): ByteArray = when (this) {
    is Payload.Binary -> bytes
    is Payload.Text -> throw IllegalArgumentException("codec $codecId decodes bytes, got $this")
}
