package serialbench.codecs.cbor

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val KOTLINX_CBOR = CodecRegistration(
    id = KotlinxCborCodec.ID,
    create = { _ -> KotlinxCborCodec() },
)
