package serialbench.jmh

import serialbench.codecs.Codecs
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.codecs.paralleljson.ParallelJsonCodec
import serialbench.config.OptionGroup
import serialbench.config.Reading
import serialbench.run.BenchOptions

/** The options of the JMH cross-check ([JmhConfig]), each declared once; the harness's check adds them when it runs. */
object JmhOptions : OptionGroup("JMH cross-check (-Dgroups=jmh)") {
    const val MAX_FORKS = 100
    const val MAX_ITERATIONS = 1_000
    const val MAX_ITERATION_MILLIS = 60_000

    val CODECS = option(
        "bench.jmh.codecs",
        listOf(KotlinxJsonCodec.ID, ParallelJsonCodec.ID),
        Reading.ids("codec id") { Codecs.ids },
        "the codecs JMH measures",
    )
    val SIZES = option(
        "bench.jmh.sizes",
        listOf(1_000, 10_000),
        Reading.positiveInts(BenchOptions.MAX_SIZE),
        "the sizes JMH measures",
    )
    val FORKS = option("bench.jmh.forks", 2, Reading.count(MAX_FORKS), "JMH forks per benchmark")
    val WARMUP_ITERATIONS = option(
        "bench.jmh.warmupIterations",
        5,
        Reading.count(MAX_ITERATIONS),
        "JMH warm-up iterations per fork",
    )
    val ITERATIONS = option(
        "bench.jmh.iterations",
        5,
        Reading.count(MAX_ITERATIONS),
        "JMH measured iterations per fork",
    )
    val ITERATION_MILLIS = option(
        "bench.jmh.iterationMillis",
        1_000,
        Reading.count(MAX_ITERATION_MILLIS),
        "length of each JMH iteration, in milliseconds",
    )
}
