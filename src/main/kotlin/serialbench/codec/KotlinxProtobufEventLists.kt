package serialbench.codec

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.Serializable
import kotlinx.serialization.protobuf.ProtoBuf
import serialbench.model.Event
import serialbench.model.EventStatus
import serialbench.model.Market
import serialbench.model.Participant
import serialbench.model.Price
import serialbench.model.Runner
import serialbench.model.Sport

/**
 * The `events` shape for [KotlinxProtobufCodec]. ProtoBuf writes nothing for an empty list or map and then
 * cannot decode a list property without a default, so events, markets and runners travel in message classes
 * with defaults; [Participant] (a null country is left out and restored by its default) and [Price] (no
 * collections) travel as they are.
 */
@OptIn(ExperimentalSerializationApi::class)
internal object KotlinxProtobufEventLists : ListCodec<Event> {
    override fun encode(objects: List<Event>): Payload =
        Payload.Binary(ProtoBuf.encodeToByteArray(EventsMessage.serializer(), EventsMessage(objects.map { it.toMessage() })))

    override fun decode(payload: Payload): List<Event> =
        ProtoBuf.decodeFromByteArray(EventsMessage.serializer(), payload.asBytes(KotlinxProtobufCodec.ID)).events.map { it.toEvent() }

    private fun Event.toMessage() = EventMessage(
        id, name, sport, status, startTimeEpochMillis, venue, tags, participants,
        markets.map { market -> MarketMessage(market.id, market.name, market.inRunning, market.volume, market.runners.map { RunnerMessage(it.id, it.name, it.withdrawn, it.prices) }) },
    )

    private fun EventMessage.toEvent() = Event(
        id, name, sport, status, startTimeEpochMillis, venue, tags, participants,
        markets.map { market -> Market(market.id, market.name, market.inRunning, market.volume, market.runners.map { Runner(it.id, it.name, it.withdrawn, it.prices) }) },
    )

    @Serializable
    private class EventsMessage(val events: List<EventMessage> = emptyList())

    @Serializable
    private class EventMessage(
        val id: Long = 0,
        val name: String = "",
        val sport: Sport = Sport.SOCCER,
        val status: EventStatus = EventStatus.OPEN,
        val startTimeEpochMillis: Long = 0,
        val venue: String? = null,
        val tags: Map<String, String> = emptyMap(),
        val participants: List<Participant> = emptyList(),
        val markets: List<MarketMessage> = emptyList(),
    )

    @Serializable
    private class MarketMessage(
        val id: Long = 0,
        val name: String = "",
        val inRunning: Boolean = false,
        val volume: Double = 0.0,
        val runners: List<RunnerMessage> = emptyList(),
    )

    @Serializable
    private class RunnerMessage(
        val id: Long = 0,
        val name: String = "",
        val withdrawn: Boolean = false,
        val prices: List<Price> = emptyList(),
    )
}
