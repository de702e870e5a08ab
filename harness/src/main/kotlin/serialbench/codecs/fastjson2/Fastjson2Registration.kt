package serialbench.codecs.fastjson2

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.probed
import serialbench.codecs.TreeMode
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val FASTJSON2 = CodecRegistration(
    id = Fastjson2Codec.ID,
    create = { _ -> Fastjson2Codec() },
    tree = TreeMode.Tree { Fastjson2Tree() },
    decoders = listOf(
        Entry(Fastjson2Codec.ID, WholeDocumentDecoder.ID) { codec, shape -> probed(codec, shape) { Fastjson2WholeDocumentDecoder(it) } },
        Entry(Fastjson2Codec.ID, "reader") { codec, shape -> probed(codec, shape) { Fastjson2ReaderDecoder(it) } },
    ),
)
