package serialbench.codecs.dsljson

import serialbench.data.Shape
import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.DecoderSupport
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val DSL_JSON = CodecRegistration(
    id = DslJsonCodec.ID,
    create = { _ -> DslJsonCodec() },
    tree = TreeMode.Tree { DslJsonTree() },
    decoders = listOf(
        DecoderEntry(DslJsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(DslJsonWholeDocumentDecoder(shape, (codec as DslJsonCodec).dslJson))
        },
        DecoderEntry(DslJsonCodec.ID, "reader") { codec, shape -> dslJsonReader(codec as DslJsonCodec, shape) },
    ),
)

private fun <T : Any> dslJsonReader(codec: DslJsonCodec, shape: Shape<T>): DecoderSupport<T> {
    val decoder = DslJsonReaderDecoder.of(shape, codec.dslJson)
        ?: return DecoderSupport.Unsupported(
            DslJsonCodec.ID,
            "reader",
            "DSL-JSON finds no reader for ${shape.elementClass.name}",
        )
    return DecoderSupport.Supported(decoder)
}
