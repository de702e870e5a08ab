package serialbench.measure

/**
 * Whether the JIT compiled through a stretch of timed calls: for more than [SHARE_PERCENT] of their time and more
 * than [MIN_MILLIS] in all. The compiler then held a core the calls would have had (on two cores, the one a parallel
 * codec's second thread needs); a short series' few milliseconds of compiling are no sign.
 */
object CompiledThrough {
    const val SHARE_PERCENT = 2.0
    const val MIN_MILLIS = 50L

    /**
     * Whether [jitMillis] of compiling (`null` where the JVM does not count it) during [timedNanos] of calls is such.
     */
    fun of(jitMillis: Long?, timedNanos: Long): Boolean =
        jitMillis != null && timedNanos > 0 && jitMillis > MIN_MILLIS &&
            jitMillis * 1e6 > timedNanos * SHARE_PERCENT / 100
}
