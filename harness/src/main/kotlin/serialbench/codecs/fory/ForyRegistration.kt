package serialbench.codecs.fory

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val FORY = CodecRegistration(
    id = ForyCodec.ID,
    create = { setup -> ForyCodec(setup.classes) },
)
