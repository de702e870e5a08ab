package serialbench.run

import serialbench.config.OptionGroup
import serialbench.config.Reading

/** The options of ParallelJson on files ([StreamsBench]). */
object StreamsOptions : OptionGroup("ParallelJson on files (the program's streams, or StreamsBenchTest)") {
    val ENABLED = option("bench.streams", false, Reading.boolean(), "StreamsBenchTest runs only with true")
    val SIZES = option(
        "bench.streams.sizes",
        listOf(100_000),
        Reading.positiveInts(BenchOptions.MAX_SIZE),
        "list sizes measured",
    )
    val REPETITIONS = option(
        "bench.streams.repetitions",
        10,
        Reading.count(BenchOptions.MAX_REPETITIONS),
        "timed repetitions per size and operation",
    )
}
