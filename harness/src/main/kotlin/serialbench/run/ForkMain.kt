package serialbench.run

import java.io.File

/**
 * The `main` of a fork ([Forks]): reads the `bench.*` system properties it was started with (one codec,
 * `bench.forks=0`), measures that codec's cold start first, then the codec, and writes a [ForkOutput] to the
 * file named by [OUTPUT]. Progress goes to standard output, which the starting JVM relays. A fork stops when the
 * JVM that started it goes ([ParentWatch]).
 */
object ForkMain {
    /** Where the fork writes its [ForkOutput]. */
    const val OUTPUT = "bench.fork.output"

    /** `shape:size` of the cold start this fork measures before anything else, if any. */
    const val COLD_START = "bench.fork.coldStart"

    @JvmStatic
    fun main(args: Array<String>) {
        ParentWatch.haltWhenParentGoes("fork")
        val output = File(requireNotNull(System.getProperty(OUTPUT)) { "$OUTPUT is not set: ForkMain runs as a fork of BenchmarkRun" })
        val coldStart = System.getProperty(COLD_START)?.let { raw ->
            val shape = raw.substringBeforeLast(':')
            val size = requireNotNull(raw.substringAfterLast(':').toIntOrNull()) { "$COLD_START='$raw': expected shape:size" }
            shape to size
        }
        val config = BenchConfig.from { name -> if (name.startsWith("bench.fork.")) null else System.getProperty(name) }
        val part = BenchmarkRun(config) { line -> println(line) }.measureHere(coldStart)
        ForkOutput.write(ForkOutput.of(part), output)
    }
}
