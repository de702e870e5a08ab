package serialbench.measure

/**
 * Consumes results so the JIT cannot prove them unused and remove the work that made them
 * (JMH's `Blackhole`, reduced to what this harness needs).
 */
class Blackhole {
    @Volatile
    private var sink: Int = 0

    fun consume(value: Any?) {
        // Reading the identity hash of every result keeps it alive without costing a traversal.
        sink = sink xor System.identityHashCode(value)
    }
}
