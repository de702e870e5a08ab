package serialbench.shapes.events

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/**
 * A team, player or horse taking part in an [Event]. [country] (ISO 3166 alpha-2) is unknown for some; its
 * default lets kotlinx read JSON that leaves a null out, as fastjson2, Gson and Moshi write it by default.
 */
@Serializable
data class Participant @JsonCreator constructor(val id: Long, val name: String, val country: String? = null)
