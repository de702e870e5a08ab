package serialbench.codecs.moshi

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.supported
import serialbench.codecs.TreeMode
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val MOSHI = CodecRegistration(
    id = MoshiCodec.ID,
    create = { _ -> MoshiCodec() },
    tree = TreeMode.Tree { MoshiTree() },
    decoders = listOf(
        Entry(MoshiCodec.ID, WholeDocumentDecoder.ID) { codec, shape -> supported(MoshiWholeDocumentDecoder(shape, (codec as MoshiCodec).moshi)) },
        Entry(MoshiCodec.ID, "reader") { codec, shape -> supported(MoshiReaderDecoder(shape, (codec as MoshiCodec).moshi)) },
    ),
)
