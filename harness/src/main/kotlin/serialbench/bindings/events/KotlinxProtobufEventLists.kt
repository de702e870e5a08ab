package serialbench.bindings.events

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StrictUtf8String
import serialbench.codec.asBytes
import serialbench.codecs.kotlinxprotobuf.KotlinxProtobufCodec
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.EventsShape
import serialbench.shapes.events.Market
import serialbench.shapes.events.Participant
import serialbench.shapes.events.Price
import serialbench.shapes.events.Runner
import serialbench.shapes.events.Sport

/**
 * The `events` shape for [KotlinxProtobufCodec]. ProtoBuf writes nothing for an empty list or map and then
 * cannot decode a list property without a default, so events, markets and runners travel in message classes
 * with defaults, and so do participants, whose strings (as every string here) are decoded strictly
 * ([StrictUtf8String]); [Price] (no strings, no collections) travels as it is. The list ends with its element
 * count, checked on decoding ([ProtobufChecks]).
 */
@OptIn(ExperimentalSerializationApi::class)
internal object KotlinxProtobufEventLists : ListCodec<Event> {
    override fun encode(objects: List<Event>): Payload = Payload.Binary(
        ProtoBuf.encodeToByteArray(
            EventsMessage.serializer(),
            EventsMessage(
                objects.map {
                    it.toMessage()
                },
                objects.size,
            ),
        ),
    )

    override fun decode(payload: Payload): List<Event> {
        val message = ProtoBuf.decodeFromByteArray(EventsMessage.serializer(), payload.asBytes(KotlinxProtobufCodec.ID))
        ProtobufChecks.requireCount(KotlinxProtobufCodec.ID, EventsShape.ID, message.count, message.events.size)
        return message.events.map { it.toEvent() }
    }

    private fun Event.toMessage() = EventMessage(
        id, name, sport, status, startTimeEpochMillis, venue, tags,
        participants.map {
            ParticipantMessage(it.id, it.name, it.country)
        },
        markets.map { market ->
            val runners = market.runners.map { RunnerMessage(it.id, it.name, it.withdrawn, it.prices) }
            MarketMessage(market.id, market.name, market.inRunning, market.volume, runners)
        },
    )

    private fun EventMessage.toEvent() = Event(
        id, name, sport, status, startTimeEpochMillis, venue, tags,
        participants.map {
            Participant(it.id, it.name, it.country)
        },
        markets.map { market ->
            val runners = market.runners.map { Runner(it.id, it.name, it.withdrawn, it.prices) }
            Market(market.id, market.name, market.inRunning, market.volume, runners)
        },
    )

    @Serializable
    private class EventsMessage(val events: List<EventMessage> = emptyList(), val count: Int? = null)

    @Serializable
    private class EventMessage(
        val id: Long = 0,
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        val sport: Sport = Sport.SOCCER,
        val status: EventStatus = EventStatus.OPEN,
        val startTimeEpochMillis: Long = 0,
        @Serializable(with = StrictUtf8String::class) val venue: String? = null,
        val tags: Map<
            @Serializable(with = StrictUtf8String::class)
            String,
            @Serializable(with = StrictUtf8String::class)
            String,
            > = emptyMap(),
        val participants: List<ParticipantMessage> = emptyList(),
        val markets: List<MarketMessage> = emptyList(),
    )

    @Serializable
    private class ParticipantMessage(
        val id: Long = 0,
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        @Serializable(with = StrictUtf8String::class) val country: String? = null,
    )

    @Serializable
    private class MarketMessage(
        val id: Long = 0,
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        val inRunning: Boolean = false,
        val volume: Double = 0.0,
        val runners: List<RunnerMessage> = emptyList(),
    )

    @Serializable
    private class RunnerMessage(
        val id: Long = 0,
        @Serializable(with = StrictUtf8String::class) val name: String = "",
        val withdrawn: Boolean = false,
        val prices: List<Price> = emptyList(),
    )
}
