package serialbench.codecs.fastjson2

import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.probed
import serialbench.registration.TreeMode
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val FASTJSON2 = CodecRegistration(
    id = Fastjson2Codec.ID,
    create = { _ -> Fastjson2Codec() },
    tree = TreeMode.Tree { Fastjson2Tree() },
    decoders = listOf(
        DecoderEntry(Fastjson2Codec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            probed(codec, shape) { Fastjson2WholeDocumentDecoder(it) }
        },
        DecoderEntry(Fastjson2Codec.ID, "reader") { codec, shape ->
            probed(codec, shape) { Fastjson2ReaderDecoder(it) }
        },
    ),
)
