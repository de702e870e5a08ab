package serialbench.codecs.moshi

import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val MOSHI = CodecRegistration(
    id = MoshiCodec.ID,
    create = { _ -> MoshiCodec() },
    tree = TreeMode.Tree { MoshiTree() },
    decoders = listOf(
        DecoderEntry(MoshiCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(MoshiWholeDocumentDecoder(shape, (codec as MoshiCodec).moshi))
        },
        DecoderEntry(MoshiCodec.ID, "reader") { codec, shape ->
            supported(MoshiReaderDecoder(shape, (codec as MoshiCodec).moshi))
        },
    ),
)
