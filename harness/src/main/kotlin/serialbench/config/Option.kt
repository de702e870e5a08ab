package serialbench.config

/**
 * One `bench.*` option, declared once: its [name], its typed [default], how its text becomes a value ([reading]:
 * checked and bounded, failing with `name='text': what is wrong; allowed: ...`), and what users read of it: the
 * default as shown ([shownDefault]), what is [allowed], a one-line [help], and whether it is one of the few a
 * newcomer needs first ([common]). Configurations read it through [OptionValues]; `--help` and the docs tables
 * ([OptionsText]), the unknown-name check ([KnownOptions]) and the properties handed to forks come from it too.
 */
class Option<T>(
    val name: String,
    val default: T,
    private val reading: Reading<T>,
    val help: String,
    val shownDefault: String = reading.show(default),
    val allowed: String = reading.allowed,
    val common: Boolean = false,
) {
    init {
        require(name.startsWith(PREFIX)) { "an option name without $PREFIX: $name" }
    }

    /** [raw] (trimmed, not blank) as a value; fails naming this option, [raw] and what is allowed. */
    fun parse(raw: String): T = reading.parse(name, raw)

    /** [value] as the text [parse] reads back. */
    fun text(value: T): String = reading.show(value)

    override fun toString(): String = name

    companion object {
        /** What every option's name starts with. */
        const val PREFIX = "bench."
    }
}
