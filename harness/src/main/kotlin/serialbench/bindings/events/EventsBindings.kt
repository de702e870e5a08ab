package serialbench.bindings.events

import serialbench.codecs.foryjson.ForyJsonCodec
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.data.ShapeKey
import serialbench.stream.TokenLoop

/** What the `events` shape supplies to the codecs that need more than its serializer and classes. */
internal val EVENTS_BINDINGS: Map<ShapeKey<*>, Any> = mapOf(
    ProtobufCodec.LISTS to ProtobufEventLists,
    KotlinxProtobufCodec.LISTS to KotlinxProtobufEventLists,
    TokenLoop.KEY to EventsTokenLoop,
    ForyJsonCodec.MIXINS to listOf(
        EventMixin::class.java,
        ParticipantMixin::class.java,
        MarketMixin::class.java,
        RunnerMixin::class.java,
        PriceMixin::class.java,
    ),
)
