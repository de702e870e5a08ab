package serialbench.shapes.flat

import com.fasterxml.jackson.annotation.JsonCreator
import kotlinx.serialization.Serializable

/**
 * The benchmark's unit of data: one record as a typical JSON API would carry it.
 *
 * The seed workload fills it with a 5-character [name], a random [value] and 100 [items] of 10 characters
 * each, about 1.3 KB of compact JSON per object.
 *
 * `@JsonCreator` marks the primary constructor for reflective JSON libraries (fastjson2, DSL-JSON), which
 * would otherwise pick the extra constructor the serialization plugin generates.
 */
@Serializable
data class TestObject @JsonCreator constructor(val name: String, val value: Int, val items: List<String>)
