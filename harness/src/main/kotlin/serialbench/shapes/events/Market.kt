package serialbench.shapes.events

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/** A question bet on within an [Event] ("Match Odds", "Over/Under 2.5 Goals"), with its [runners]. */
@Serializable
data class Market @JsonCreator constructor(
    val id: Long,
    val name: String,
    val inRunning: Boolean,
    /** Amount matched so far. */
    val volume: Double,
    val runners: List<Runner>,
)
