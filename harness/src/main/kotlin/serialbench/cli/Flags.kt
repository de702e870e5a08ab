package serialbench.cli

/** A command line that is not what the command takes; the program prints it with the usage and exits with 2. */
class CommandLineException(message: String) : RuntimeException(message)

/** A command's arguments: `--name value` flags from a known set, and the rest in order ([positional]). */
class Flags private constructor(private val values: Map<String, String>, val positional: List<String>) {
    operator fun get(name: String): String? = values[name]

    /** The one positional argument, named [what] in the error when there is none or more. */
    fun single(what: String): String = positional.singleOrNull()
        ?: throw CommandLineException("expected one $what, got ${positional.size}: ${positional.joinToString(" ")}")

    companion object {
        fun parse(args: List<String>, known: Set<String>): Flags {
            val values = linkedMapOf<String, String>()
            val positional = mutableListOf<String>()
            var i = 0
            while (i < args.size) {
                val argument = args[i]
                if (argument.startsWith("--")) {
                    if (argument !in known) {
                        val names = known.sorted().joinToString(", ")
                        throw CommandLineException("unknown flag $argument; known: $names")
                    }
                    val value = args.getOrNull(i + 1) ?: throw CommandLineException("$argument needs a value")
                    if (values.put(argument, value) != null) throw CommandLineException("$argument given twice")
                    i += 2
                } else {
                    positional += argument
                    i++
                }
            }
            return Flags(values, positional)
        }
    }
}
