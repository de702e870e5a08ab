package serialbench.codecs.foryjson

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val FORY_JSON = CodecRegistration(
    id = ForyJsonCodec.ID,
    create = { _ -> ForyJsonCodec() },
)
