package serialbench.codecs.paralleljson

import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.registration.CodecRegistration
import serialbench.registration.DecoderEntry
import serialbench.registration.DecoderSupports.supported
import serialbench.registration.TreeMode
import serialbench.stream.WholeDocumentDecoder

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val PARALLEL_JSON = CodecRegistration(
    id = ParallelJsonCodec.ID,
    create = { setup -> ParallelJsonCodec(setup.threads) },
    tree = TreeMode.Tree { threads -> ParallelJsonTree(threads) },
    parallelOf = KotlinxJsonCodec.ID,
    decoders = listOf(
        DecoderEntry(ParallelJsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
            supported(ParallelJsonWholeDocumentDecoder(shape, (codec as ParallelJsonCodec).parallelJson))
        },
        DecoderEntry(ParallelJsonCodec.ID, "sequence") { codec, shape ->
            supported(ParallelJsonSequenceDecoder(shape, (codec as ParallelJsonCodec).parallelJson))
        },
        DecoderEntry(ParallelJsonCodec.ID, "flow") { codec, shape ->
            supported(ParallelJsonFlowDecoder(shape, (codec as ParallelJsonCodec).parallelJson))
        },
    ),
)
