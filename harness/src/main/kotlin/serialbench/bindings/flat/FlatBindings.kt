package serialbench.bindings.flat

import serialbench.codecs.foryjson.ForyJsonCodec
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.data.ShapeKey
import serialbench.stream.TokenLoop

/** What the `flat` shape supplies to the codecs that need more than its serializer and classes. */
internal val FLAT_BINDINGS: Map<ShapeKey<*>, Any> = mapOf(
    ProtobufCodec.LISTS to ProtobufFlatLists,
    KotlinxProtobufCodec.LISTS to KotlinxProtobufFlatLists,
    TokenLoop.KEY to FlatTokenLoop,
    ForyJsonCodec.MIXINS to listOf(TestObjectMixin::class.java),
)
