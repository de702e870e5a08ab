package serialbench.shapes.events

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/**
 * One event of a betting-exchange events feed, the element of the `events` shape: a nested API response with
 * enums, a nullable field, a map, and lists of lists (markets, their runners, their prices).
 *
 * [venue] is null when unknown; its default lets kotlinx read JSON that leaves a null out, as fastjson2, Gson
 * and Moshi write it by default.
 * `@JsonCreator` marks the primary constructor for reflective JSON libraries (see [TestObject]).
 */
@Serializable
data class Event @JsonCreator constructor(
    val id: Long,
    val name: String,
    val sport: Sport,
    val status: EventStatus,
    val startTimeEpochMillis: Long,
    val venue: String? = null,
    val tags: Map<String, String>,
    val participants: List<Participant>,
    val markets: List<Market>,
)
