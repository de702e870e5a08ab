package serialbench.bindings.upload

import serialbench.codecs.foryjson.ForyJsonCodec
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.data.ShapeKey

/** What the `upload` shape supplies to the codecs that need more than its serializer and classes. */
internal val UPLOAD_BINDINGS: Map<ShapeKey<*>, Any> = mapOf(
    ProtobufCodec.LISTS to ProtobufUploadLists,
    KotlinxProtobufCodec.LISTS to KotlinxProtobufUploadLists,
    ForyJsonCodec.MIXINS to listOf(UploadMixin::class.java),
)
