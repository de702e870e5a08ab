package serialbench.codecs.foryjson

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
import serialbench.shapes.flat.TestObject
import serialbench.shapes.upload.Upload

/*
 * Fory JSON mixins: each names the primary constructor of one model class as its creator, with its property names
 * in parameter order. Fory JSON reads immutable classes only through a creator (a Kotlin `val` is a final field,
 * which it does not assign), and it reads neither Jackson's `@JsonCreator` nor Kotlin metadata (`fory-json-kotlin`
 * would be the Kotlin support, and it does not resolve from the Maven mirror used here). A mixin is never
 * instantiated; the parameter types select the target's constructor.
 */

@JsonMixin(target = TestObject::class)
internal abstract class TestObjectMixin @JsonCreator("name", "value", "items") constructor(
    name: String, value: Int, items: List<String>,
)

@JsonMixin(target = Event::class)
internal abstract class EventMixin @JsonCreator(
    "id", "name", "sport", "status", "startTimeEpochMillis", "venue", "tags", "participants", "markets",
) constructor(
    id: Long, name: String, sport: Sport, status: EventStatus, startTimeEpochMillis: Long, venue: String?,
    tags: Map<String, String>, participants: List<Participant>, markets: List<Market>,
)

@JsonMixin(target = Participant::class)
internal abstract class ParticipantMixin @JsonCreator("id", "name", "country") constructor(id: Long, name: String, country: String?)

@JsonMixin(target = Market::class)
internal abstract class MarketMixin @JsonCreator("id", "name", "inRunning", "volume", "runners") constructor(
    id: Long, name: String, inRunning: Boolean, volume: Double, runners: List<Runner>,
)

@JsonMixin(target = Runner::class)
internal abstract class RunnerMixin @JsonCreator("id", "name", "withdrawn", "prices") constructor(
    id: Long, name: String, withdrawn: Boolean, prices: List<Price>,
)

@JsonMixin(target = Price::class)
internal abstract class PriceMixin @JsonCreator("side", "odds", "availableAmount") constructor(side: Side, odds: Double, availableAmount: Double)

@JsonMixin(target = Upload::class)
internal abstract class UploadMixin @JsonCreator(
    "id", "fileName", "contentType", "sizeBytes", "createdAtEpochMillis", "modifiedAtEpochMillis", "uploadedAtEpochMillis",
    "tags", "content",
) constructor(
    id: Long, fileName: String, contentType: String, sizeBytes: Long, createdAtEpochMillis: Long, modifiedAtEpochMillis: Long,
    uploadedAtEpochMillis: Long, tags: List<String>, content: ByteArray,
)

/** Every mixin above, for `ForyJsonBuilder.registerMixin`. */
internal val FORY_JSON_MIXINS: List<Class<*>> = listOf(
    TestObjectMixin::class.java, EventMixin::class.java, ParticipantMixin::class.java, MarketMixin::class.java,
    RunnerMixin::class.java, PriceMixin::class.java, UploadMixin::class.java,
)
