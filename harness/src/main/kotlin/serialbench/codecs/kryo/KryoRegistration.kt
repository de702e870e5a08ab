package serialbench.codecs.kryo

import serialbench.registration.CodecRegistration

/** This folder's codec, registered once: the codec, its tree mode and its decoders from a stream (`serialbench.codecs.Codecs` lists it). */
internal val KRYO = CodecRegistration(
    id = KryoCodec.ID,
    create = { _ -> KryoCodec() },
)
