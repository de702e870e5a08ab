package serialbench.measure

/**
 * Whether the JIT compilers have gone quiet during a warm-up: no compilation finished within the last [quietNanos]
 * of its calls, by [readMillis] (the compilers' total time, [JitMeter]) read after each call ([observe]). Before
 * the first change it sees, the compilers count as quiet; where the JVM does not count their time, always. A series
 * timed while the JIT still compiles measures code being replaced under it: its calls get faster part way (a drift)
 * and, on two cores, a parallel codec's threads share them with the compiler.
 */
class JitQuiet(private val quietNanos: Long, private val readMillis: () -> Long? = JitMeter::readMillis) {
    private var lastMillis = readMillis()
    private var changedAtNanos = 0L
    private var changed = false

    /** Reads the compilers' time after a call that ended at [nowNanos]. */
    fun observe(nowNanos: Long) {
        val millis = readMillis() ?: return
        if (millis != lastMillis) {
            lastMillis = millis
            changedAtNanos = nowNanos
            changed = true
        }
    }

    /** Whether no compilation finished within [quietNanos] before [nowNanos]. */
    fun quiet(nowNanos: Long): Boolean = !changed || nowNanos - changedAtNanos >= quietNanos
}
