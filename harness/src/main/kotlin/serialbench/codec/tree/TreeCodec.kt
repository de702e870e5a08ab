package serialbench.codec.tree

import serialbench.codec.Payload

/**
 * One JSON library in tree mode: any JSON document into the library's own tree (kotlinx `JsonElement`, Jackson
 * `JsonNode`, Gson `JsonElement`, maps and lists...) and that tree back to JSON, with no data class involved.
 * What `bench.input` measures on the user's file.
 *
 * Contract:
 * - [decodeTree] takes a payload made by [payloadOf] from JSON text; it returns the library's tree of the whole
 *   document, or throws the library's exception (with its offset where it gives one).
 * - [encodeTree] takes a tree returned by [decodeTree] and writes it as the library writes its trees, with its
 *   defaults: the output may differ from the input (number formats, dropped nulls...), which is what the
 *   benchmark's data check reports.
 * - Thread safe; a tree codec that owns threads releases them in [close].
 */
interface TreeCodec : AutoCloseable {
    /** The id of the [serialbench.codec.Codec] whose library this is. */
    val id: String

    /** The JSON text as this library takes it: a `String` for most, UTF-8 bytes for those that read bytes. */
    fun payloadOf(text: String): Payload = Payload.Text(text)

    fun decodeTree(payload: Payload): Any?

    fun encodeTree(tree: Any?): Payload

    override fun close() {}
}

/** Whether a codec measures a document in tree mode: the [TreeCodec] that does, or the reason it cannot. */
sealed interface TreeSupport {
    class Supported(val codec: TreeCodec) : TreeSupport

    class Unsupported(val reason: String) : TreeSupport {
        init {
            require(reason.isNotBlank()) { "an unsupported tree mode needs a reason" }
        }
    }
}

/** The tree of [TreeCodec.decodeTree] as the [T] the library made; a wrong type names the codec. */
internal inline fun <reified T> treeOf(id: String, tree: Any?): T = tree as? T
    ?: throw IllegalArgumentException(
        "tree codec $id encodes ${T::class.java.simpleName} trees, got ${tree?.javaClass?.name}",
    )
