package serialbench.codecs.paralleljson

import serialbench.codecs.CodecRegistration
import serialbench.codecs.StreamingDecoders.Entry
import serialbench.codecs.StreamingDecoders.supported
import serialbench.codecs.TreeMode
import serialbench.stream.WholeDocumentDecoder

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream ([serialbench.codecs.Codecs] lists it). */
internal val PARALLEL_JSON = CodecRegistration(
    id = ParallelJsonCodec.ID,
    create = { threads -> ParallelJsonCodec(threads) },
    tree = TreeMode.Tree(arraysOnly = true) { threads -> ParallelJsonTree(threads) },
    decoders = listOf(
        Entry(ParallelJsonCodec.ID, WholeDocumentDecoder.ID) { codec, shape ->
                supported(ParallelJsonWholeDocumentDecoder(shape, (codec as ParallelJsonCodec).parallelJson))
            },
        Entry(ParallelJsonCodec.ID, "sequence") { codec, shape -> supported(ParallelJsonSequenceDecoder(shape, (codec as ParallelJsonCodec).parallelJson)) },
        Entry(ParallelJsonCodec.ID, "flow") { codec, shape -> supported(ParallelJsonFlowDecoder(shape, (codec as ParallelJsonCodec).parallelJson)) },
    ),
)
