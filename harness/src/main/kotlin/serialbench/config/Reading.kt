package serialbench.config

/**
 * How an option's text becomes its value: [parse] takes the option's name and its trimmed, non-blank text, and
 * returns the value checked, or throws an [IllegalArgumentException] of the form
 * `name='text': what is wrong; allowed: what is allowed`. [show] writes a value back as text [parse] reads;
 * [allowed] is what may be given, as messages, `--help` and the docs say it. Lists are comma-separated; an entry
 * given twice is refused. Unknown ids name the nearest known one when it is close.
 */
class Reading<T>(
    val allowed: String,
    val show: (T) -> String = { it.toString() },
    val parse: (name: String, raw: String) -> T,
) {
    /** This reading's values turned into [R] by [convert]; [back] writes one as text again. */
    fun <R> map(back: (R) -> T, convert: (T) -> R): Reading<R> =
        Reading(allowed, { show(back(it)) }) { name, raw -> convert(parse(name, raw)) }

    /** This reading, or none: the value of an option whose default is `null`, shown as `none`. */
    fun optional(): Reading<T?> =
        Reading(allowed, { value -> if (value == null) "none" else show(value) }) { name, raw -> parse(name, raw) }

    companion object {
        /** An integer in [range]; [allowed] says what may be given. */
        fun int(range: IntRange, allowed: String = "an integer from ${range.first} to ${range.last}"): Reading<Int> =
            Reading(allowed) { name, raw -> intIn(name, raw, raw, range, allowed) }

        /** A positive integer up to [max]. */
        fun count(max: Int): Reading<Int> = int(1..max, "a positive integer up to $max")

        /** 0 (which means [zeroMeans]) or a positive integer up to [max]. */
        fun countOrZero(max: Int, zeroMeans: String): Reading<Int> =
            int(0..max, "0 ($zeroMeans) or a positive integer up to $max")

        /** Integers in [range]; an integer given twice is refused, or with [repeatsAllowed] dropped. */
        fun ints(range: IntRange, allowed: String, repeatsAllowed: Boolean = false): Reading<List<Int>> =
            Reading(allowed, { it.joinToString(",") }) { name, raw ->
                val items = raw.split(',').map { intIn(name, raw, it.trim(), range, allowed) }
                if (repeatsAllowed) items.distinct() else distinct(name, raw, items, allowed) { "$it" }
            }

        /** Distinct positive integers up to [max]. */
        fun positiveInts(max: Int): Reading<List<Int>> =
            ints(1..max, "comma-separated distinct positive integers up to $max, e.g. 10,1000")

        /** Any 64-bit integer. */
        fun long(): Reading<Long> = Reading("any 64-bit integer") { name, raw ->
            requireNotNull(raw.toLongOrNull()) { "$name='$raw' is not a number; allowed: any 64-bit integer" }
        }

        /** `true` or `false`, in any case. */
        fun boolean(): Reading<Boolean> = Reading("true or false") { name, raw ->
            requireNotNull(raw.lowercase().toBooleanStrictOrNull()) {
                "$name='$raw' is not a boolean; allowed: true or false"
            }
        }

        /** Text as given; [check] refuses what is not allowed. */
        fun text(allowed: String, check: (name: String, raw: String) -> Unit = { _, _ -> }): Reading<String> =
            Reading(allowed) { name, raw -> raw.also { check(name, it) } }

        /** Distinct ids of [known] (asked when read; [what] names one in the message: "codec id", "shape"). */
        fun ids(
            what: String,
            allowed: String = "${what}s, comma-separated",
            known: () -> List<String>,
        ): Reading<List<String>> =
            Reading(allowed, { it.joinToString(",") }) { name, raw -> idsIn(name, raw, known(), what) }

        /** [raw] (the value of [name]) as distinct ids of [known]; else the error naming the unknown ones. */
        fun idsIn(name: String, raw: String, known: List<String>, what: String, extra: String = ""): List<String> {
            val ids = raw.split(',').map { it.trim() }
            val unknown = ids.filter { it !in known }
            require(unknown.isEmpty()) {
                val suggestion = unknown.firstNotNullOfOrNull { id ->
                    Suggestions.close(id, known)?.let { "'$id': did you mean '$it'? " }
                }.orEmpty()
                "$name='$raw': unknown $what ${unknown.joinToString(", ") { "'$it'" }}; " +
                    "${suggestion}allowed: ${known.joinToString(", ")}$extra"
            }
            return distinct(name, raw, ids, "distinct ${what}s among ${known.joinToString(", ")}$extra") { "'$it'" }
        }

        /** [item] (an entry of [raw], the value of [name]) as an integer in [range]. */
        private fun intIn(name: String, raw: String, item: String, range: IntRange, allowed: String): Int {
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
        private fun <T> distinct(
            name: String,
            raw: String,
            items: List<T>,
            allowed: String,
            show: (T) -> String,
        ): List<T> {
            val repeated = items.firstOrNull { item -> items.count { it == item } > 1 }
            require(repeated == null) { "$name='$raw': ${show(repeated!!)} is given more than once; allowed: $allowed" }
            return items
        }
    }
}
