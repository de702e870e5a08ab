package serialbench.codecs.kotlinxprotobuf

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val KOTLINX_PROTOBUF = CodecRegistration(
    id = KotlinxProtobufCodec.ID,
    create = { _ -> KotlinxProtobufCodec() },
)
