package serialbench.shapes.events

import kotlinx.serialization.Serializable

/** Which side of the book a [Price] is offered on: backing a runner to win, or laying it. */
@Serializable
enum class Side { BACK, LAY }
