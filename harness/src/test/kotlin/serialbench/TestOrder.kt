package serialbench

/** Class order of the suite (`@Order` values): unit tests, then codec correctness, then timing. */
object TestOrder {
    const val UNIT = 10
    const val PARALLEL_JSON = 20
    const val CODECS = 30

    /** The in-process HTTP server and client of the end-to-end run. */
    const val HTTP = 40

    /** The JMH cross-check (module `jmh`); docs/jmh.md advises a build of its own. */
    const val JMH = 90

    /** The end-to-end HTTP run (module `e2e-http`). No report depends on this order: `report` takes explicit files. */
    const val E2E = 95
    const val PERF = 100
}
