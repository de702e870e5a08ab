package serialbench.model

import kotlinx.serialization.Serializable

/**
 * The benchmark's unit of data: one record as a typical JSON API would carry it.
 *
 * The seed workload fills it with a 5-character [name], a random [value] and 100 [items] of 10 characters
 * each, about 1.2 KB of compact JSON per object.
 */
@Serializable
data class TestObject(
    val name: String,
    val value: Int,
    val items: List<String>,
)
