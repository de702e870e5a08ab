package serialbench.codecs.jackson3

import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val JACKSON3 = CodecRegistration(
    id = Jackson3Codec.ID,
    create = { _ -> Jackson3Codec() },
    decoders = listOf(
        DecoderEntry(Jackson3Codec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(Jackson3WholeDocumentDecoder(shape, (codec as Jackson3Codec).mapper))
        },
        DecoderEntry(Jackson3Codec.ID, "mapping-iterator") { codec, shape ->
            supported(Jackson3MappingIteratorDecoder(shape, (codec as Jackson3Codec).mapper))
        },
    ),
)
