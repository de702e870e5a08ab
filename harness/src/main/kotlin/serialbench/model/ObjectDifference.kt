package serialbench.model

import serialbench.results.DataChange

/**
 * Where two object graphs differ: `equals` first, and where it says "not equal", a walk of both side by side
 * (list elements by index, map values by key, the fields of the user's classes by name) down to the values that
 * differ. [between] gives the first difference with its path (`$[3].lines[1].unitPrice`), what happened there
 * (`12.50 became 12.5`, `a Card became null`) and how many values differ in all.
 */
internal object ObjectDifference {
    fun between(expected: List<Any?>, actual: List<Any?>): DataChange? {
        if (expected == actual) return null
        val walk = Walk()
        walk.compare("$", expected, actual)
        val (path, description) = walk.first ?: ("$" to "the lists are not equal, though every value compares equal")
        return DataChange(path, description, maxOf(walk.count, 1))
    }

    private class Walk {
        var first: Pair<String, String>? = null
        var count = 0

        fun compare(path: String, expected: Any?, actual: Any?) {
            if (expected == actual) return
            when {
                expected == null || actual == null || !comparable(expected, actual) ->
                    differ(path, "${show(expected)} became ${show(actual)}")

                expected is List<*> && actual is List<*> -> compareLists(path, expected, actual)

                expected is Map<*, *> && actual is Map<*, *> -> compareMaps(path, expected, actual)

                expected is Array<*> && actual is Array<*> -> compareLists(path, expected.asList(), actual.asList())

                ObjectGraph.isOwn(expected.javaClass) -> compareFields(path, expected, actual)

                else -> differ(path, "${show(expected)} became ${show(actual)}")
            }
        }

        private fun compareLists(path: String, expected: List<*>, actual: List<*>) {
            if (expected.size != actual.size) {
                differ(path, "${expected.size} element${if (expected.size == 1) "" else "s"} became ${actual.size}")
            }
            for (i in 0 until minOf(expected.size, actual.size)) compare("$path[$i]", expected[i], actual[i])
        }

        private fun compareMaps(path: String, expected: Map<*, *>, actual: Map<*, *>) {
            for ((key, value) in expected) {
                if (key !in actual) {
                    differ("$path[${show(key)}]", "${show(value)} became absent")
                } else {
                    compare("$path[${show(key)}]", value, actual[key])
                }
            }
            for (key in actual.keys - expected.keys) differ("$path[${show(key)}]", "an absent key became present")
        }

        private fun compareFields(path: String, expected: Any, actual: Any) {
            val before = count
            for (field in ObjectGraph.fields(expected.javaClass)) {
                compare("$path.${field.name}", field.get(expected), field.get(actual))
            }
            // equal fields but unequal objects: the class's equals sees something the fields do not show
            if (count == before) differ(path, "not equal by ${expected.javaClass.simpleName}.equals")
        }

        private fun differ(path: String, description: String) {
            count++
            if (first == null) first = path to description
        }

        /** Values of one class compare; lists of different classes (`ArrayList`, `Arrays$ArrayList`) and maps too. */
        private fun comparable(a: Any, b: Any) =
            a.javaClass == b.javaClass || (a is List<*> && b is List<*>) || (a is Map<*, *> && b is Map<*, *>)
    }

    private fun show(value: Any?): String = when (value) {
        null -> "null"

        is String -> "\"" + value.take(SHOWN_CHARS) + (if (value.length > SHOWN_CHARS) "...\"" else "\"")

        is Number, is Boolean, is Enum<*> -> value.toString()

        else -> if (ObjectGraph.isOwn(value.javaClass)) {
            "a ${value.javaClass.simpleName}"
        } else {
            "${value.javaClass.simpleName} ${value.toString().take(SHOWN_CHARS)}"
        }
    }

    private const val SHOWN_CHARS = 40
}
