package serialbench.codecs.jackson3

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.supported
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val JACKSON3 = CodecRegistration(
    id = Jackson3Codec.ID,
    create = { _ -> Jackson3Codec() },
    decoders = listOf(
        Entry(Jackson3Codec.ID, WholeDocumentDecoder.ID) { codec, shape -> supported(Jackson3WholeDocumentDecoder(shape, (codec as Jackson3Codec).mapper)) },
        Entry(Jackson3Codec.ID, "mapping-iterator") { codec, shape -> supported(Jackson3MappingIteratorDecoder(shape, (codec as Jackson3Codec).mapper)) },
    ),
)
