package serialbench.codecs.kryo

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val KRYO = CodecRegistration(
    id = KryoCodec.ID,
    create = { setup -> KryoCodec(setup.classes) },
)
