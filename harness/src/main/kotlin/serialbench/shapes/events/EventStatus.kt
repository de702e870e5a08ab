package serialbench.shapes.events

import kotlinx.serialization.Serializable

/** Where an [Event] is in its life on the exchange. */
@Serializable
enum class EventStatus { OPEN, SUSPENDED, CLOSED, SETTLED }
