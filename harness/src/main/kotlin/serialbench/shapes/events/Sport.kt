package serialbench.shapes.events

import kotlinx.serialization.Serializable

/** The sport of an [Event]. */
@Serializable
enum class Sport { SOCCER, TENNIS, BASKETBALL, ICE_HOCKEY, HORSE_RACING }
