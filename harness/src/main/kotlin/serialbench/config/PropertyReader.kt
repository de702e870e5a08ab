package serialbench.config

/**
 * The one reader of `bench.*` values: each function reads property `name` through [property], returns null when
 * it is unset or blank (the caller's default applies), and otherwise the value checked, or an
 * [IllegalArgumentException] of the form `name='value': what is wrong; allowed: what is allowed`. Lists are
 * comma-separated; an entry given twice is refused. Unknown ids name the nearest known one when it is close.
 */
class PropertyReader(private val property: (String) -> String?) {
    /** The trimmed value; null when unset or blank. */
    fun value(name: String): String? = property(name)?.trim()?.takeIf { it.isNotEmpty() }

    /** An integer in [range]; [allowed] says what may be given. */
    fun int(name: String, range: IntRange, allowed: String = allowedInts(range)): Int? =
        value(name)?.let { intIn(name, it, it, range, allowed) }

    /** A positive integer up to [max]. */
    fun count(name: String, max: Int): Int? = int(name, 1..max, "a positive integer up to $max")

    /** 0 (which means [zeroMeans]) or a positive integer up to [max]. */
    fun countOrZero(name: String, max: Int, zeroMeans: String): Int? =
        int(name, 0..max, "0 ($zeroMeans) or a positive integer up to $max")

    /** Integers in [range], comma-separated; an integer given twice is refused, or with [repeatsAllowed] dropped. */
    fun ints(
        name: String,
        range: IntRange,
        allowed: String = "comma-separated distinct integers from ${range.first} to ${range.last}",
        repeatsAllowed: Boolean = false,
    ): List<Int>? = value(name)?.let { raw ->
        val items = raw.split(',').map { intIn(name, raw, it.trim(), range, allowed) }
        if (repeatsAllowed) items.distinct() else distinct(name, raw, items, allowed) { "$it" }
    }

    /** Distinct positive integers up to [max], comma-separated. */
    fun positiveInts(name: String, max: Int): List<Int>? =
        ints(name, 1..max, "comma-separated distinct positive integers up to $max, e.g. 10,1000")

    /** Any 64-bit integer. */
    fun long(name: String): Long? = value(name)?.let { raw ->
        requireNotNull(raw.toLongOrNull()) { "$name='$raw' is not a number; allowed: any 64-bit integer" }
    }

    /** `true` or `false`, in any case. */
    fun boolean(name: String): Boolean? = value(name)?.let { raw ->
        requireNotNull(raw.lowercase().toBooleanStrictOrNull()) { "$name='$raw' is not a boolean; allowed: true or false" }
    }

    /** Distinct ids of [known] ([what] names one in the message: "codec id", "shape"), comma-separated. */
    fun ids(name: String, known: List<String>, what: String): List<String>? = value(name)?.let { raw -> idsIn(name, raw, known, what) }

    companion object {
        /** [raw] (the value of [name]) as distinct ids of [known], or the error naming the unknown ones and what is allowed. */
        fun idsIn(name: String, raw: String, known: List<String>, what: String, extra: String = ""): List<String> {
            val ids = raw.split(',').map { it.trim() }
            val unknown = ids.filter { it !in known }
            require(unknown.isEmpty()) {
                val suggestion = unknown.firstNotNullOfOrNull { id -> Suggestions.close(id, known)?.let { "'$id': did you mean '$it'? " } }.orEmpty()
                "$name='$raw': unknown $what ${unknown.joinToString(", ") { "'$it'" }}; ${suggestion}allowed: ${known.joinToString(", ")}$extra"
            }
            return distinct(name, raw, ids, "distinct ${what}s among ${known.joinToString(", ")}$extra") { "'$it'" }
        }

        /** [item] (an entry of [raw], the value of [name]) as an integer in [range]. */
        fun intIn(name: String, raw: String, item: String, range: IntRange, allowed: String): Int {
            val number = item.toBigIntegerOrNull()
            require(number != null && number >= range.first.toBigInteger() && number <= range.last.toBigInteger()) {
                val what = when {
                    number == null -> "'$item' is not a number"
                    number < range.first.toBigInteger() && range.first == 1 -> "$number is not positive"
                    number < range.first.toBigInteger() -> "$number is below the bound ${range.first}"
                    else -> "$number is above the bound ${range.last}"
                }
                "$name='$raw': $what; allowed: $allowed"
            }
            return number.toInt()
        }

        /** [items] if no item appears twice; else the error naming the first repeated one, as [show] writes it. */
        fun <T> distinct(name: String, raw: String, items: List<T>, allowed: String, show: (T) -> String): List<T> {
            val repeated = items.firstOrNull { item -> items.count { it == item } > 1 }
            require(repeated == null) { "$name='$raw': ${show(repeated!!)} is given more than once; allowed: $allowed" }
            return items
        }

        private fun allowedInts(range: IntRange) = "an integer from ${range.first} to ${range.last}"
    }
}
