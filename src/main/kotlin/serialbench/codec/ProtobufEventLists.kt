package serialbench.codec

import serialbench.codec.proto.EventList
import serialbench.codec.proto.EventMessage
import serialbench.codec.proto.MarketMessage
import serialbench.codec.proto.ParticipantMessage
import serialbench.codec.proto.PriceMessage
import serialbench.codec.proto.RunnerMessage
import serialbench.model.Event
import serialbench.model.EventStatus
import serialbench.model.Market
import serialbench.model.Participant
import serialbench.model.Price
import serialbench.model.Runner
import serialbench.model.Side
import serialbench.model.Sport

/**
 * The `events` shape for [ProtobufCodec]: events to `events.proto`'s [EventList] and back, the mapping timed
 * with the encoding. A null venue or country is an absent `optional` field; an enum is its ordinal + 1.
 */
internal object ProtobufEventLists : ListCodec<Event> {
    override fun encode(objects: List<Event>): Payload {
        val list = EventList.newBuilder()
        for (event in objects) list.addEvents(event.toMessage())
        return Payload.Binary(list.build().toByteArray())
    }

    override fun decode(payload: Payload): List<Event> =
        EventList.parseFrom(payload.asBytes(ProtobufCodec.ID)).eventsList.map { it.toEvent() }

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
            val builder = RunnerMessage.newBuilder().setId(runner.id).setName(runner.name).setWithdrawn(runner.withdrawn)
            for (price in runner.prices) {
                builder.addPrices(PriceMessage.newBuilder().setSideValue(price.side.ordinal + 1).setOdds(price.odds).setAvailableAmount(price.availableAmount))
            }
            message.addRunners(builder)
        }
        return message.build()
    }

    private fun EventMessage.toEvent() = Event(
        id = id,
        name = name,
        sport = enumOf(Sport.entries, sportValue, "sport"),
        status = enumOf(EventStatus.entries, statusValue, "status"),
        startTimeEpochMillis = startTimeEpochMillis,
        venue = if (hasVenue()) venue else null,
        tags = tagsMap.toMap(),
        participants = participantsList.map { Participant(it.id, it.name, if (it.hasCountry()) it.country else null) },
        markets = marketsList.map { it.toMarket() },
    )

    private fun MarketMessage.toMarket() = Market(
        id = id,
        name = name,
        inRunning = inRunning,
        volume = volume,
        runners = runnersList.map { runner ->
            Runner(
                id = runner.id,
                name = runner.name,
                withdrawn = runner.withdrawn,
                prices = runner.pricesList.map { Price(enumOf(Side.entries, it.sideValue, "side"), it.odds, it.availableAmount) },
            )
        },
    )

    private fun <E : Enum<E>> enumOf(entries: List<E>, number: Int, field: String): E =
        entries.getOrNull(number - 1)
            ?: throw IllegalArgumentException("codec ${ProtobufCodec.ID}: $field number $number is not one of 1..${entries.size}")
}
