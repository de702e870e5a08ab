package serialbench.shapes.events

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/** Decimal [odds] on offer for a [Runner], and the [availableAmount] that can be matched at them. */
@Serializable
data class Price @JsonCreator constructor(val side: Side, val odds: Double, val availableAmount: Double)
