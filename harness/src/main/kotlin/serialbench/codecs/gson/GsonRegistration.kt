package serialbench.codecs.gson

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.supported
import serialbench.codecs.TreeMode
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val GSON = CodecRegistration(
    id = GsonCodec.ID,
    create = { _ -> GsonCodec() },
    tree = TreeMode.Tree { GsonTree() },
    decoders = listOf(
        Entry(GsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape -> supported(GsonWholeDocumentDecoder(shape, (codec as GsonCodec).gson)) },
        Entry(GsonCodec.ID, "reader") { codec, shape -> supported(GsonReaderDecoder(shape, (codec as GsonCodec).gson)) },
    ),
)
