package serialbench.config

/**
 * One `bench.*` option as users see it: its [name], its [default] and what is [allowed] (as `--help` and the
 * docs show them), a one-line [description], and whether it is one of the few a newcomer needs first ([common]).
 */
class Option(val name: String, val default: String, val allowed: String, val description: String, val common: Boolean = false) {
    init {
        require(name.startsWith("bench.")) { "an option name without bench.: $name" }
    }
}

/** The options one feature reads, under the feature's name. */
class OptionGroup(val feature: String, val options: List<Option>) {
    val names: List<String> get() = options.map { it.name }
}
