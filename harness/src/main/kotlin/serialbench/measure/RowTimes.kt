package serialbench.measure

import serialbench.results.ResultRow
import serialbench.statistics.Statistics

/** This row with its time figures (count, mean, median, spread, error, percentiles, outliers) taken from [stats]. */
fun ResultRow.withTimes(stats: Statistics): ResultRow = copy(
    repetitions = stats.count,
    meanNanos = stats.meanNanos,
    medianNanos = stats.medianNanos,
    minNanos = stats.minNanos,
    maxNanos = stats.maxNanos,
    stdDevNanos = stats.stdDevNanos,
    varianceNanosSquared = stats.varianceNanosSquared,
    errorNanos = stats.errorNanos,
    p90Nanos = stats.p90Nanos,
    p99Nanos = stats.p99Nanos,
    lowOutliers = stats.lowOutliers,
    highOutliers = stats.highOutliers,
)
