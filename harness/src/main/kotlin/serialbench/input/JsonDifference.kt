package serialbench.input

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import serialbench.results.DataChange
import java.math.BigDecimal

/**
 * Compares two JSON trees as data: what a codec changed when it decoded a document and encoded it back.
 *
 * - Numbers compare by value (`1`, `1.0` and `1e0` are equal; `0.1` and `0.10000000000000001` are not), except
 *   that `-0` and `0` differ: a double keeps the sign, and a codec that drops it changed the data.
 * - Strings compare exactly, after escapes are read (`"\u00e9"` equals `"é"`).
 * - Object members compare by key, in any order (RFC 8259: objects are unordered); array elements by index.
 */
internal object JsonDifference {
    /**
     * What a codec's [output] changed of the document [expected]: `null` when it is the same data, a [DataChange]
     * at `$` when the output is not JSON at all.
     */
    fun ofOutput(expected: JsonElement, output: String): DataChange? = try {
        of(expected, StrictJsonReader(output).readDocument())
    } catch (e: JsonSyntaxException) {
        DataChange(JsonPath.ROOT, "the output is not JSON: ${e.problem} at character offset ${e.offset}", 1)
    }

    /** The first difference between [expected] and [actual] with the count of all, or `null` when they are equal. */
    fun of(expected: JsonElement, actual: JsonElement): DataChange? {
        val walk = Walk()
        walk.compare(expected, actual, JsonPath.ROOT)
        return walk.first?.let { (path, description) -> DataChange(path, description, walk.count) }
    }

    private class Walk {
        var first: Pair<String, String>? = null
        var count = 0

        fun compare(expected: JsonElement, actual: JsonElement, path: String) {
            when {
                expected is JsonObject && actual is JsonObject -> {
                    for ((key, value) in expected) {
                        val other = actual[key]
                        if (other == null) {
                            differ(JsonPath.child(path, key)) { "${show(value)} became absent" }
                        } else {
                            compare(value, other, JsonPath.child(path, key))
                        }
                    }
                    for ((key, value) in actual) {
                        if (key !in expected) differ(JsonPath.child(path, key)) { "absent became ${show(value)}" }
                    }
                }

                expected is JsonArray && actual is JsonArray -> {
                    for (index in 0 until maxOf(expected.size, actual.size)) {
                        val childPath = JsonPath.child(path, index)
                        when {
                            index >= actual.size -> differ(childPath) { "${show(expected[index])} became absent" }
                            index >= expected.size -> differ(childPath) { "absent became ${show(actual[index])}" }
                            else -> compare(expected[index], actual[index], childPath)
                        }
                    }
                }

                expected is JsonPrimitive && actual is JsonPrimitive && samePrimitive(expected, actual) -> Unit

                else -> differ(path) { "${show(expected)} became ${show(actual)}" }
            }
        }

        /** Counts a difference; describes only the first, since describing a large subtree costs its text. */
        private inline fun differ(path: String, description: () -> String) {
            if (first == null) first = path to description()
            count++
        }
    }

    private fun samePrimitive(expected: JsonPrimitive, actual: JsonPrimitive): Boolean = when {
        expected is JsonNull || actual is JsonNull -> expected is JsonNull && actual is JsonNull

        expected.isString || actual.isString ->
            expected.isString == actual.isString &&
                expected.content == actual.content

        isBoolean(expected) || isBoolean(actual) -> expected.content == actual.content

        else -> sameNumber(expected.content, actual.content)
    }

    private fun isBoolean(primitive: JsonPrimitive) = primitive.content == "true" || primitive.content == "false"

    private fun sameNumber(expected: String, actual: String): Boolean {
        if (expected == actual) return true
        val (a, b) = try {
            BigDecimal(expected) to BigDecimal(actual)
        } catch (e: NumberFormatException) {
            return false // an exponent beyond BigDecimal's range: only the same text is the same number here
        }
        if (a.compareTo(b) != 0) return false
        return a.signum() != 0 || expected.startsWith('-') == actual.startsWith('-')
    }

    /** Compact JSON of [element], cut to [MAX_SHOWN] characters. */
    private fun show(element: JsonElement): String {
        val text = element.toString()
        return if (text.length <= MAX_SHOWN) text else text.take(MAX_SHOWN - 3) + "..."
    }

    private const val MAX_SHOWN = 60
}
