package serialbench.codecs.protobuf

import serialbench.registration.CodecRegistration

/**
 * This folder's codec, registered once: the codec, its tree mode and decoders from a stream, if any (`Codecs` lists
 * it).
 */
internal val PROTOBUF = CodecRegistration(
    id = ProtobufCodec.ID,
    create = { _ -> ProtobufCodec() },
)
