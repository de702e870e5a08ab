package serialbench.results

import kotlinx.serialization.Serializable

/**
 * What the machine did during one fork (one JVM of one codec): the run's reference workload ([Stability]'s, the
 * same code in every fork) timed before the fork's first series (after the JVM's start and the codec's warm-up),
 * between its sizes ([referenceBetweenNanos]) and after its last series, and what ran inside the fork's timed calls
 * besides the code measured: JIT compilation ([jitMillis], `null` where the JVM does not count it) and collections
 * ([gcMillis]), over [timedNanos], the sum of the fork's timed calls.
 */
@Serializable
data class ForkMachine(
    val codec: String,
    /** 1 for the codec's first fork, in the order its forks ran (the order of [ResultRow.forkMeansNanos]). */
    val fork: Int,
    val referenceStartNanos: Double,
    val referenceEndNanos: Double,
    val timedNanos: Long,
    val jitMillis: Long?,
    val gcMillis: Long,
    /** The reference workload between one size's series and the next, in order; empty in older files. */
    val referenceBetweenNanos: List<Double> = emptyList(),
    /**
     * The timings of the reference workload (and of the table walk, in files that have it) made again because the
     * JVM's own threads (the collector's, the JIT's) took time from the workload's core during them
     * (`ReferenceWorkload.busyReadings`); 0 in older files.
     */
    val referenceBusyReadings: Int = 0,
    /**
     * The table walk (`ReferenceWorkload.Kernel.TABLE_WALK`: loads and branches, which a neighbour busy on the same
     * core slows where it hardly slows the reference workload's hash) at the same moments as [referenceNanos];
     * empty in older files.
     */
    val walkNanos: List<Double> = emptyList(),
    /**
     * The fork's series whose timed calls began at a random place in the young generation's cycle (`GcPhase`): 0 where
     * its collector does not count young collections apart; `null` in older files.
     */
    val seriesInYoungCycle: Int? = null,
) {
    /** Every timing of the reference workload in this fork, in order. */
    val referenceNanos: List<Double> get() = listOf(referenceStartNanos) + referenceBetweenNanos + referenceEndNanos

    /** The slowest timing of the reference workload: the machine at its slowest during the fork. */
    val referenceSlowestNanos: Double get() = referenceNanos.max()

    /** The slowest timing of the table walk, `null` where the fork did not time it (older files). */
    val walkSlowestNanos: Double? get() = walkNanos.maxOrNull()

    /** JIT compilation as a share of the timed calls (0 to 1); `null` where not counted. */
    val jitShare: Double? get() = jitMillis?.let { share(it) }

    /** Collections as a share of the timed calls (0 to 1). */
    val gcShare: Double get() = share(gcMillis)

    private fun share(millis: Long): Double = if (timedNanos > 0) millis * 1e6 / timedNanos else 0.0
}
