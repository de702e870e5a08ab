package serialbench

/** Class order of the suite (`@Order` values): unit tests, then codec correctness, then timing. */
object TestOrder {
    const val UNIT = 10
    const val PARALLEL_JSON = 20
    const val CODECS = 30
    /** Before the benchmark, should one build run both; the README advises two builds (see JmhCrossCheckTest). */
    const val JMH = 90
    const val PERF = 100
}
