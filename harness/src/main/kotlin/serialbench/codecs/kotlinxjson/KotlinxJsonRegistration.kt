package serialbench.codecs.kotlinxjson

import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val KOTLINX_JSON = CodecRegistration(
    id = KotlinxJsonCodec.ID,
    create = { _ -> KotlinxJsonCodec() },
    tree = TreeMode.Tree { KotlinxJsonTree() },
    decoders = listOf(
        DecoderEntry(KotlinxJsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(KotlinxWholeDocumentDecoder(shape, (codec as KotlinxJsonCodec).json))
        },
        DecoderEntry(KotlinxJsonCodec.ID, "sequence") { codec, shape ->
            supported(KotlinxSequenceDecoder(shape, (codec as KotlinxJsonCodec).json))
        },
    ),
)
