package serialbench.documentset

import kotlinx.serialization.Serializable

/** A service's settings: many sections, each a few small lists and maps; no member large by itself. */
@Serializable
data class Settings(val service: String, val version: Int, val sections: Map<String, Section>)

@Serializable
data class Section(
    val enabled: Boolean,
    val level: Int,
    val tags: List<String>,
    val limits: Map<String, Int>,
    val endpoints: List<Endpoint>,
)

@Serializable
data class Endpoint(val host: String, val port: Int, val weight: Double, val secure: Boolean)

/** A product card of about a kilobyte: no large member at all. */
@Serializable
data class Card(
    val id: Long,
    val title: String,
    val description: String,
    val price: Double,
    val currency: String,
    val tags: List<String>,
    val seller: Author,
    val ratings: Map<String, Int>,
)

/** A few large members: a sensor's readings as columns of timestamps, values and labels. */
@Serializable
data class Columns(
    val sensor: String,
    val unit: String,
    val timestamps: List<Long>,
    val values: List<Double>,
    val labels: List<String>,
)
