package serialbench.bindings.events

import org.apache.fory.json.annotation.JsonCreator
import org.apache.fory.json.annotation.JsonMixin
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.Market
import serialbench.shapes.events.Participant
import serialbench.shapes.events.Price
import serialbench.shapes.events.Runner
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport

/*
 * The `events` models' primary constructors as Fory JSON's creators (see `ForyJsonCodec.MIXINS`), each with its
 * property names in parameter order. A mixin is never instantiated; the parameter types select the constructor.
 */

@JsonMixin(target = Event::class)
internal abstract class EventMixin
@JsonCreator(
    "id", "name", "sport", "status", "startTimeEpochMillis", "venue", "tags", "participants", "markets",
)
constructor(
    id: Long,
    name: String,
    sport: Sport,
    status: EventStatus,
    startTimeEpochMillis: Long,
    venue: String?,
    tags: Map<String, String>,
    participants: List<Participant>,
    markets: List<Market>,
)

@JsonMixin(target = Participant::class)
internal abstract class ParticipantMixin
@JsonCreator("id", "name", "country")
constructor(
    id: Long,
    name: String,
    country: String?,
)

@JsonMixin(target = Market::class)
internal abstract class MarketMixin
@JsonCreator("id", "name", "inRunning", "volume", "runners")
constructor(
    id: Long,
    name: String,
    inRunning: Boolean,
    volume: Double,
    runners: List<Runner>,
)

@JsonMixin(target = Runner::class)
internal abstract class RunnerMixin
@JsonCreator("id", "name", "withdrawn", "prices")
constructor(
    id: Long,
    name: String,
    withdrawn: Boolean,
    prices: List<Price>,
)

@JsonMixin(target = Price::class)
internal abstract class PriceMixin
@JsonCreator("side", "odds", "availableAmount")
constructor(
    side: Side,
    odds: Double,
    availableAmount: Double,
)
