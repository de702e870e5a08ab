package serialbench.codecs.jackson

import serialbench.data.Shape
import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.DecoderSupport
import serialbench.stream.TokenLoop
import serialbench.stream.WholeDocumentDecoder

/** `jackson`, registered once: the codec, its tree mode and its decoders from a stream (`Codecs` lists it). */
internal val JACKSON = CodecRegistration(
    id = JacksonCodec.ID,
    create = { _ -> JacksonCodec.plain() },
    tree = TreeMode.Tree { JacksonTree() },
    decoders = listOf(
        DecoderEntry(JacksonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(JacksonWholeDocumentDecoder(shape, (codec as JacksonCodec).mapper))
        },
        DecoderEntry(JacksonCodec.ID, "mapping-iterator") { codec, shape ->
            supported(JacksonMappingIteratorDecoder(shape, (codec as JacksonCodec).mapper))
        },
        DecoderEntry(JacksonCodec.ID, JacksonTokenLoopDecoder.ID) { codec, shape ->
            tokenLoop(codec as JacksonCodec, shape)
        },
    ),
)

/** `jackson-blackbird`: the same library with the Blackbird module; its tree mode is `jackson`'s. */
internal val JACKSON_BLACKBIRD = CodecRegistration(
    id = JacksonCodec.BLACKBIRD_ID,
    create = { _ -> JacksonCodec.blackbird() },
    tree = TreeMode.SameAs(
        "its tree mode is `${JacksonCodec.ID}`'s: Blackbird replaces reflective access to bean properties, and a " +
            "`JsonNode` tree has none",
    ),
)

private fun <T : Any> tokenLoop(codec: JacksonCodec, shape: Shape<T>): DecoderSupport<T> {
    val loop = TokenLoop.forShape(shape)
        ?: return DecoderSupport.Unsupported(
            JacksonCodec.ID,
            JacksonTokenLoopDecoder.ID,
            "no hand-written token loop for shape ${shape.id}",
        )
    return DecoderSupport.Supported(JacksonTokenLoopDecoder(loop, codec.mapper.factory))
}
