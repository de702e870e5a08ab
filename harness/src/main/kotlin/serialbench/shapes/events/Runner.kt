package serialbench.shapes.events

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/** One outcome of a [Market] (a team, a player, "Draw", "Over 2.5"), with the best [prices] on each side. */
@Serializable
data class Runner @JsonCreator constructor(
    val id: Long,
    val name: String,
    val withdrawn: Boolean,
    val prices: List<Price>,
)
