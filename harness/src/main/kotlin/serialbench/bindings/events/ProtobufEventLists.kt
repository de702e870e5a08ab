package serialbench.bindings.events

import com.google.protobuf.Message
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ProtobufChecks
import serialbench.codec.StreamApi
import serialbench.codec.asBytes
import serialbench.codec.proto.EventList
import serialbench.codec.proto.EventMessage
import serialbench.codec.proto.MarketMessage
import serialbench.codec.proto.ParticipantMessage
import serialbench.codec.proto.PriceMessage
import serialbench.codec.proto.RunnerMessage
import serialbench.codecs.protobuf.ProtobufCodec
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.EventsShape
import serialbench.shapes.events.Market
import serialbench.shapes.events.Participant
import serialbench.shapes.events.Price
import serialbench.shapes.events.Runner
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport
import java.io.InputStream
import java.io.OutputStream

/**
 * The `events` shape for [ProtobufCodec]: events to `events.proto`'s [EventList] and back, the mapping timed
 * with the encoding. A null venue or country is an absent `optional` field; an enum is its ordinal + 1. The list
 * ends with its element count; decoding checks it and refuses fields the schema does not know ([ProtobufChecks]).
 * Streams: `writeTo` and `parseFrom(InputStream)`.
 */
internal object ProtobufEventLists : ListCodec<Event>, StreamApi<Event> {
    private val SHAPE = EventsShape.ID

    override fun encode(objects: List<Event>): Payload = Payload.Binary(message(objects).toByteArray())

    override fun decode(payload: Payload): List<Event> = events(EventList.parseFrom(payload.asBytes(ProtobufCodec.ID)))

    override fun encodeTo(objects: List<Event>, output: OutputStream) = message(objects).writeTo(output)

    override fun decodeFrom(input: InputStream): List<Event> = events(EventList.parseFrom(input))

    private fun message(objects: List<Event>): EventList {
        val list = EventList.newBuilder()
        for (event in objects) list.addEvents(event.toMessage())
        return list.setCount(objects.size).build()
    }

    private fun events(list: EventList): List<Event> {
        ProtobufChecks.requireCount(
            ProtobufCodec.ID,
            SHAPE,
            if (list.hasCount()) list.count else null,
            list.eventsCount,
        )
        requireKnown(list) { "the list" }
        return list.eventsList.mapIndexed { index, event -> event.toEvent(index) }
    }

    private fun Event.toMessage(): EventMessage {
        val message = EventMessage.newBuilder()
            .setId(id)
            .setName(name)
            .setSportValue(sport.ordinal + 1)
            .setStatusValue(status.ordinal + 1)
            .setStartTimeEpochMillis(startTimeEpochMillis)
            .putAllTags(tags)
        if (venue != null) message.setVenue(venue)
        for (participant in participants) {
            val builder = ParticipantMessage.newBuilder().setId(participant.id).setName(participant.name)
            if (participant.country != null) builder.setCountry(participant.country)
            message.addParticipants(builder)
        }
        for (market in markets) message.addMarkets(market.toMessage())
        return message.build()
    }

    private fun Market.toMessage(): MarketMessage {
        val message = MarketMessage.newBuilder().setId(id).setName(name).setInRunning(inRunning).setVolume(volume)
        for (runner in runners) {
            val builder = RunnerMessage.newBuilder().setId(
                runner.id,
            ).setName(runner.name).setWithdrawn(runner.withdrawn)
            for (price in runner.prices) {
                val message = PriceMessage.newBuilder().setSideValue(price.side.ordinal + 1).setOdds(price.odds)
                builder.addPrices(message.setAvailableAmount(price.availableAmount))
            }
            message.addRunners(builder)
        }
        return message.build()
    }

    // Each message is checked for fields the schema does not know as it is mapped: no walk of its own.
    private fun EventMessage.toEvent(index: Int): Event {
        requireKnown(this) { "element $index" }
        return Event(
            id = id,
            name = name,
            sport = enumOf(Sport.entries, sportValue, "sport"),
            status = enumOf(EventStatus.entries, statusValue, "status"),
            startTimeEpochMillis = startTimeEpochMillis,
            venue = if (hasVenue()) venue else null,
            tags = tagsMap.toMap(),
            participants = participantsList.map {
                requireKnown(it) { "participant ${it.id} of element $index" }
                Participant(it.id, it.name, if (it.hasCountry()) it.country else null)
            },
            markets = marketsList.map { it.toMarket(index) },
        )
    }

    private fun MarketMessage.toMarket(eventIndex: Int): Market {
        requireKnown(this) { "market $id of element $eventIndex" }
        return Market(
            id = id,
            name = name,
            inRunning = inRunning,
            volume = volume,
            runners = runnersList.map { runner ->
                requireKnown(runner) { "runner ${runner.id} of element $eventIndex" }
                Runner(
                    id = runner.id,
                    name = runner.name,
                    withdrawn = runner.withdrawn,
                    prices = runner.pricesList.map {
                        requireKnown(it) { "a price of runner ${runner.id} of element $eventIndex" }
                        Price(enumOf(Side.entries, it.sideValue, "side"), it.odds, it.availableAmount)
                    },
                )
            },
        )
    }

    private fun requireKnown(message: Message, where: () -> String) =
        ProtobufChecks.requireNoUnknownFields(ProtobufCodec.ID, SHAPE, message.unknownFields.asMap().keys, where)

    private fun <E : Enum<E>> enumOf(entries: List<E>, number: Int, field: String): E = entries.getOrNull(number - 1)
        ?: throw IllegalArgumentException(
            "codec ${ProtobufCodec.ID}: $field number $number is not one of 1..${entries.size}",
        )
}
