package serialbench

/** Class order of the suite (`@Order` values): unit tests, then codec correctness, then timing. */
object TestOrder {
    const val UNIT = 10
    const val PARALLEL_JSON = 20
    const val CODECS = 30
    /** The in-process HTTP server and client of the end-to-end run. */
    const val HTTP = 40
    /** Before the benchmark, should one build run both; docs/jmh.md advises two builds (see JmhCrossCheckTest). */
    const val JMH = 90
    /** Before the benchmark, so that one build running both puts the end-to-end section in the benchmark's report. */
    const val E2E = 95
    const val PERF = 100
}
