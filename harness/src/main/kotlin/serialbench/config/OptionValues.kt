package serialbench.config

/**
 * The values given for some options, read from `bench.*` text ([read]) or set ([with]); an option not given has
 * its default. Immutable, and equal to another when the same values are given.
 */
class OptionValues private constructor(private val given: Map<Option<*>, Any?>) {
    /** The value given for [option], else its default. */
    @Suppress("UNCHECKED_CAST")
    operator fun <T> get(option: Option<T>): T = if (option in given) given[option] as T else option.default

    /** Whether [option] was given, even with its default value. */
    fun isGiven(option: Option<*>): Boolean = option in given

    /** These values with [option] given as [value]; `null` (none) takes it back to not given. */
    fun <T> with(option: Option<T>, value: T): OptionValues =
        OptionValues(if (value == null) given - option else given + (option to value))

    /** These values with [option] not given: at its default. */
    fun without(option: Option<*>): OptionValues = OptionValues(given - option)

    /** Only the values of [options]. */
    fun only(options: Collection<Option<*>>): OptionValues = OptionValues(given.filterKeys { it in options })

    /** Name to text of each value given, in the order given: what a fork is started with, and what [read] reads. */
    fun asProperties(): Map<String, String> =
        given.entries.associate { (option, value) -> option.name to textOf(option, value) }

    /** Every one of [options] with its value in force, given or default, as text; those at none left out. */
    fun inForce(options: List<Option<*>>): Map<String, String> =
        options.associate { it.name to textOf(it, this[it]) }.filterValues { it != "none" }

    override fun equals(other: Any?): Boolean = other is OptionValues && other.given == given

    override fun hashCode(): Int = given.hashCode()

    override fun toString(): String = asProperties().toString()

    companion object {
        /** No value given: every option has its default. */
        val NONE = OptionValues(emptyMap())

        /**
         * The values of [options] that [source] gives (unset or blank: the default), each checked as its option
         * reads it; the first bad one fails naming the option, the text and what is allowed.
         */
        fun read(options: List<Option<*>>, source: (String) -> String?): OptionValues = OptionValues(
            options.mapNotNull { option ->
                source(option.name)?.trim()?.takeIf { it.isNotEmpty() }?.let { raw -> option to option.parse(raw) }
            }.toMap(),
        )

        @Suppress("UNCHECKED_CAST")
        private fun textOf(option: Option<*>, value: Any?): String = (option as Option<Any?>).text(value)
    }
}
