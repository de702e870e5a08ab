package serialbench.config

/**
 * The options one feature reads, under the feature's name: [listed] ones, then those its body declares with
 * [option], in the order `--help` and the docs show them.
 */
open class OptionGroup(val feature: String, listed: List<Option<*>> = emptyList()) {
    private val declared = listed.toMutableList()

    val options: List<Option<*>> get() = declared

    val names: List<String> get() = options.map { it.name }

    /** Lists [option], declared where the code that reads it lives, in this group at this place. */
    protected fun <T> include(option: Option<T>): Option<T> = option.also { declared += it }

    /** Declares an option of this group; see [Option] for the parameters. */
    protected fun <T> option(
        name: String,
        default: T,
        reading: Reading<T>,
        help: String,
        shownDefault: String = reading.show(default),
        allowed: String = reading.allowed,
        common: Boolean = false,
    ): Option<T> = Option(name, default, reading, help, shownDefault, allowed, common).also { declared += it }
}
