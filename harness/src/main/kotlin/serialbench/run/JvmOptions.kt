package serialbench.run

import serialbench.config.OptionGroup
import serialbench.config.Reading

/** The flags of the JVMs a run starts or runs in; the build sets them from its pom properties of the same names. */
object JvmOptions : OptionGroup("JVM flags (pom properties)") {
    /** Read by [BenchConfig]: the forks start with these flags ([BenchmarkJvm.forkFlags]). */
    val JVM_ARGS = option(
        BenchmarkJvm.JVM_ARGS,
        null,
        Reading.text("JVM flags").optional(),
        "the flags of every JVM that measures: a perf run's forks (when not given, a fixed G1 heap sized from the " +
            "machine's memory and the run's largest payload, pre-touched only when the payload sized it), or the " +
            "test JVM with bench.forks=0",
        "chosen per run (e.g. -Xms1024m -Xmx1024m -XX:+UseG1GC)",
    )

    /** Read by the build only: the test JVM's flags when it forks. */
    val PARENT_JVM_ARGS = option(
        BenchmarkJvm.PARENT_JVM_ARGS,
        null,
        Reading.text("JVM flags").optional(),
        "the flags of a perf run's own JVM when it forks: it only starts the forks and writes the report",
        "-Xmx2g -XX:+UseG1GC",
    )
}
