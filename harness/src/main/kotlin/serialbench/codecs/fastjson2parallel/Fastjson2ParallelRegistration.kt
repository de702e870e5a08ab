package serialbench.codecs.fastjson2parallel

import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.registration.CodecRegistration
import serialbench.registration.TreeMode

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val FASTJSON2_PARALLEL = CodecRegistration(
    id = Fastjson2ParallelCodec.ID,
    create = { setup -> Fastjson2ParallelCodec(setup.threads) },
    tree = TreeMode.Tree { threads -> Fastjson2ParallelTree(threads) },
    parallelOf = Fastjson2Codec.ID,
)
