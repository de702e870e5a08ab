package serialbench.bindings.events

import com.fasterxml.jackson.core.JsonParser
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.Market
import serialbench.shapes.events.Participant
import serialbench.shapes.events.Price
import serialbench.shapes.events.Runner
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport
import serialbench.stream.TokenLoop
import serialbench.stream.readBoolean
import serialbench.stream.readDouble
import serialbench.stream.readEnum
import serialbench.stream.readFields
import serialbench.stream.readLong
import serialbench.stream.readNullableString
import serialbench.stream.readObjects
import serialbench.stream.readString
import serialbench.stream.readStringMap
import serialbench.stream.required
import serialbench.stream.unknownField

/**
 * The `events` shape's [Event], read token by token, nested objects by their own loops. A nullable field
 * ([Event.venue], [Participant.country]) may be `null` or left out, as the JSON codecs write it.
 */
internal object EventsTokenLoop : TokenLoop<Event> {
    private const val TYPE = "Event"

    override fun read(parser: JsonParser): Event {
        var id: Long? = null
        var name: String? = null
        var sport: Sport? = null
        var status: EventStatus? = null
        var startTime: Long? = null
        var venue: String? = null
        var tags: Map<String, String>? = null
        var participants: List<Participant>? = null
        var markets: List<Market>? = null
        parser.readFields(TYPE) { field ->
            when (field) {
                "id" -> id = parser.readLong(field)
                "name" -> name = parser.readString(field)
                "sport" -> sport = parser.readEnum<Sport>(field)
                "status" -> status = parser.readEnum<EventStatus>(field)
                "startTimeEpochMillis" -> startTime = parser.readLong(field)
                "venue" -> venue = parser.readNullableString(field)
                "tags" -> tags = parser.readStringMap(field)
                "participants" -> participants = parser.readObjects(field, ParticipantLoop)
                "markets" -> markets = parser.readObjects(field, MarketLoop)
                else -> unknownField(TYPE, field)
            }
        }
        return Event(
            id = required(id, TYPE, "id"),
            name = required(name, TYPE, "name"),
            sport = required(sport, TYPE, "sport"),
            status = required(status, TYPE, "status"),
            startTimeEpochMillis = required(startTime, TYPE, "startTimeEpochMillis"),
            venue = venue,
            tags = required(tags, TYPE, "tags"),
            participants = required(participants, TYPE, "participants"),
            markets = required(markets, TYPE, "markets"),
        )
    }

    private object ParticipantLoop : TokenLoop<Participant> {
        private const val TYPE = "Participant"

        override fun read(parser: JsonParser): Participant {
            var id: Long? = null
            var name: String? = null
            var country: String? = null
            parser.readFields(TYPE) { field ->
                when (field) {
                    "id" -> id = parser.readLong(field)
                    "name" -> name = parser.readString(field)
                    "country" -> country = parser.readNullableString(field)
                    else -> unknownField(TYPE, field)
                }
            }
            return Participant(required(id, TYPE, "id"), required(name, TYPE, "name"), country)
        }
    }

    private object MarketLoop : TokenLoop<Market> {
        private const val TYPE = "Market"

        override fun read(parser: JsonParser): Market {
            var id: Long? = null
            var name: String? = null
            var inRunning: Boolean? = null
            var volume: Double? = null
            var runners: List<Runner>? = null
            parser.readFields(TYPE) { field ->
                when (field) {
                    "id" -> id = parser.readLong(field)
                    "name" -> name = parser.readString(field)
                    "inRunning" -> inRunning = parser.readBoolean(field)
                    "volume" -> volume = parser.readDouble(field)
                    "runners" -> runners = parser.readObjects(field, RunnerLoop)
                    else -> unknownField(TYPE, field)
                }
            }
            return Market(
                required(id, TYPE, "id"),
                required(name, TYPE, "name"),
                required(inRunning, TYPE, "inRunning"),
                required(volume, TYPE, "volume"),
                required(runners, TYPE, "runners"),
            )
        }
    }

    private object RunnerLoop : TokenLoop<Runner> {
        private const val TYPE = "Runner"

        override fun read(parser: JsonParser): Runner {
            var id: Long? = null
            var name: String? = null
            var withdrawn: Boolean? = null
            var prices: List<Price>? = null
            parser.readFields(TYPE) { field ->
                when (field) {
                    "id" -> id = parser.readLong(field)
                    "name" -> name = parser.readString(field)
                    "withdrawn" -> withdrawn = parser.readBoolean(field)
                    "prices" -> prices = parser.readObjects(field, PriceLoop)
                    else -> unknownField(TYPE, field)
                }
            }
            return Runner(
                required(id, TYPE, "id"),
                required(name, TYPE, "name"),
                required(withdrawn, TYPE, "withdrawn"),
                required(prices, TYPE, "prices"),
            )
        }
    }

    private object PriceLoop : TokenLoop<Price> {
        private const val TYPE = "Price"

        override fun read(parser: JsonParser): Price {
            var side: Side? = null
            var odds: Double? = null
            var available: Double? = null
            parser.readFields(TYPE) { field ->
                when (field) {
                    "side" -> side = parser.readEnum<Side>(field)
                    "odds" -> odds = parser.readDouble(field)
                    "availableAmount" -> available = parser.readDouble(field)
                    else -> unknownField(TYPE, field)
                }
            }
            return Price(
                required(side, TYPE, "side"),
                required(odds, TYPE, "odds"),
                required(available, TYPE, "availableAmount"),
            )
        }
    }
}
