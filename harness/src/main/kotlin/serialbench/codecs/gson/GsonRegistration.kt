package serialbench.codecs.gson

import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val GSON = CodecRegistration(
    id = GsonCodec.ID,
    create = { _ -> GsonCodec() },
    tree = TreeMode.Tree { GsonTree() },
    decoders = listOf(
        DecoderEntry(GsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(GsonWholeDocumentDecoder(shape, (codec as GsonCodec).gson))
        },
        DecoderEntry(GsonCodec.ID, "reader") { codec, shape ->
            supported(GsonReaderDecoder(shape, (codec as GsonCodec).gson))
        },
    ),
)
