package serialbench.codecs.kotlinxjson

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.supported
import serialbench.codecs.TreeMode
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val KOTLINX_JSON = CodecRegistration(
    id = KotlinxJsonCodec.ID,
    create = { _ -> KotlinxJsonCodec() },
    tree = TreeMode.Tree { KotlinxJsonTree() },
    decoders = listOf(
        Entry(KotlinxJsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape -> supported(KotlinxWholeDocumentDecoder(shape, (codec as KotlinxJsonCodec).json)) },
        Entry(KotlinxJsonCodec.ID, "sequence") { codec, shape -> supported(KotlinxSequenceDecoder(shape, (codec as KotlinxJsonCodec).json)) },
    ),
)
