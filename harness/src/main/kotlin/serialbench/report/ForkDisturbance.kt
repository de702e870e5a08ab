package serialbench.report

import serialbench.measure.CompiledThrough
import serialbench.measure.Significance
import serialbench.results.BenchmarkResults
import serialbench.results.ForkMachine
import serialbench.results.ResultRow
import serialbench.statistics.Statistics

/**
 * The forks of a run that the machine, rather than the code, may have slowed ([ForkMachine]): each with what was
 * seen, by stated margins.
 * - The reference workload, at any of its timings in the fork, slower than the median over every fork of the run by
 *   more than [REFERENCE_MARGIN_PERCENT]: the machine itself ran slower then (a neighbour on the host, a throttled
 *   CPU). The same for the table walk, where the forks timed it: a neighbour busy on the same core slows it, and a
 *   codec's parsing, where it hardly slows the hash. On a calm day (2026-12-06, one fork of each of 16 codecs) its
 *   96 timings stayed within 1.07x their median, on a slow evening they reached 1.8x.
 * - JIT compilation through the fork's timed calls ([CompiledThrough]): the code was still being compiled, though
 *   each series compiled through is measured again once (`Sampler`).
 * - Collections above [GC_SHARE_PERCENT] of the fork's timed calls and more than [GC_OVER_SIBLINGS] times the median
 *   share of the codec's forks: a collection the other JVMs of the same code did not pay (the codec's own garbage
 *   costs every fork alike, so only the excess counts).
 */
internal object ForkDisturbance {
    const val REFERENCE_MARGIN_PERCENT = 10.0
    const val GC_SHARE_PERCENT = 1.0
    const val GC_OVER_SIBLINGS = 2.0

    /** Each disturbed fork of [forks] and why, in the order of [forks]; forks not disturbed are left out. */
    fun of(forks: List<ForkMachine>): Map<ForkMachine, List<String>> {
        if (forks.isEmpty()) return emptyMap()
        val medians = Medians.of(forks)
        val gcMedianByCodec =
            forks.groupBy { it.codec }.mapValues { (_, same) -> Statistics.median(same.map { it.gcShare }) }
        return forks.associateWith { fork ->
            val gcOfSiblings = gcMedianByCodec.getValue(fork.codec)
            machineReasons(fork, medians) + listOfNotNull(
                fork.jitShare?.takeIf { CompiledThrough.of(fork.jitMillis, fork.timedNanos) }
                    ?.let { "JIT compiling ${Units.percent(rounded(it))} of its timed calls" },
                (
                    "GC ${Units.percent(rounded(fork.gcShare))} of its timed calls (its codec's forks " +
                        "${Units.percent(rounded(gcOfSiblings))})"
                    ).takeIf {
                    fork.gcShare * 100 > GC_SHARE_PERCENT && fork.gcShare > GC_OVER_SIBLINGS * gcOfSiblings
                },
            )
        }.filterValues { it.isNotEmpty() }
    }

    /**
     * The forks of [results] marked for the reference workload or the table walk alone (slower than the run's median
     * by more than [REFERENCE_MARGIN_PERCENT]: the machine itself), as (codec, fork number): not for JIT or
     * collections in their timed calls, which are the fork's own and which a cell can name itself.
     */
    fun machineSlower(results: BenchmarkResults): Set<Pair<String, Int>> {
        val forks = results.forkMachines
        if (forks.isEmpty()) return emptySet()
        val medians = Medians.of(forks)
        return forks.filter { machineReasons(it, medians).isNotEmpty() }.map { it.codec to it.fork }.toSet()
    }

    /** The medians of the run's timings of the reference workload and of the table walk (`null` where none). */
    private class Medians(val referenceNanos: Double, val walkNanos: Double?) {
        companion object {
            fun of(forks: List<ForkMachine>) = Medians(
                Statistics.median(forks.flatMap { it.referenceNanos }),
                forks.flatMap { it.walkNanos }.takeIf { it.isNotEmpty() }?.let(Statistics::median),
            )
        }
    }

    /** What says the machine itself slowed [fork]: its reference workload or its table walk over the run's median. */
    private fun machineReasons(fork: ForkMachine, medians: Medians): List<String> {
        val reference = fork.referenceSlowestNanos / medians.referenceNanos
        val walk = medians.walkNanos?.let { median -> fork.walkSlowestNanos?.let { it / median } }
        return listOfNotNull(
            "reference workload ${Units.ratio(reference)} the run's median".takeIf { machineSlower(reference) },
            walk?.takeIf(::machineSlower)?.let { "table walk ${Units.ratio(it)} the run's median" },
        )
    }

    /** Whether a timing [overMedian] times the run's median says the machine itself was slower then. */
    fun machineSlower(overMedian: Double): Boolean = overMedian > 1 + REFERENCE_MARGIN_PERCENT / 100

    /** A share (0 to 1) as a percentage with one decimal. */
    private fun rounded(share: Double): Double = Math.round(share * 1000) / 10.0

    /** The mark beside a fork mean the machine may have disturbed, and beside a verdict such a fork decided. */
    const val MARK = "†"

    /** What [MARK] beside a verdict says, under a table of verdicts. */
    const val DECIDED_NOTE = "$MARK: a fork the machine may have disturbed (marked in Forks) decided this verdict: " +
        "without it the verdict differs, or every fork of a row was marked."

    /** The forks of [results] the machine may have disturbed, as (codec, fork number). */
    fun marked(results: BenchmarkResults): Set<Pair<String, Int>> =
        of(results.forkMachines).keys.map { it.codec to it.fork }.toSet()

    /**
     * Whether the forks marked ([rowMarks] for [row], [referenceMarks] for [reference]) decided how [row] compares
     * with [reference] ([Significance.compare]): every fork of a row was marked, or without the marked forks the
     * direction differs.
     */
    fun decides(
        row: ResultRow,
        rowMarks: Set<Pair<String, Int>>,
        reference: ResultRow,
        referenceMarks: Set<Pair<String, Int>>,
    ): Boolean {
        val rowForks = forksOf(row, rowMarks)
        val referenceForks = forksOf(reference, referenceMarks)
        if (rowForks.isEmpty() && referenceForks.isEmpty()) return false
        if (rowForks.size == row.durationsNanos.size ||
            referenceForks.size == reference.durationsNanos.size
        ) {
            return true
        }
        val without = Significance.compare(without(row, rowForks), without(reference, referenceForks))
        return without.direction != Significance.compare(row, reference).direction
    }

    /** [row] as if measured without the forks [marks] marks (itself where none is); `null` where every fork is. */
    fun unmarked(row: ResultRow, marks: Set<Pair<String, Int>>): ResultRow? {
        val forks = forksOf(row, marks)
        return if (forks.size == row.durationsNanos.size) null else without(row, forks)
    }

    /** The 0-based indices of [row]'s forks (the order of its [ResultRow.durationsNanos]) that [marks] marks. */
    private fun forksOf(row: ResultRow, marks: Set<Pair<String, Int>>): Set<Int> =
        row.durationsNanos.indices.filter { row.codec to it + 1 in marks }.toSet()

    /** [row] as if measured without [forks]: their repetitions and means left out. */
    private fun without(row: ResultRow, forks: Set<Int>): ResultRow {
        if (forks.isEmpty()) return row
        val kept = row.durationsNanos.indices.filterNot { it in forks }
        val durations = kept.map { row.durationsNanos[it] }
        return row.copy(
            durationsNanos = durations,
            forkMeansNanos = if (kept.size > 1) kept.map { row.forkMeansNanos[it] } else emptyList(),
            callsPerRepetition = kept.mapNotNull { row.callsPerRepetition.getOrNull(it) },
            meanNanos = durations.flatten().average(),
        )
    }
}
