package serialbench.run

import serialbench.measure.Measurement
import serialbench.results.ColdStartRow
import serialbench.results.UnsupportedCell

/**
 * What one [Probe] measured in one JVM, or its rows pooled over forks: the [measurements] (each row with its raw
 * samples) or the [coldStart] rows (first calls, one per JVM, never pooled), and the cells it cannot measure, with
 * the reason.
 */
internal class ProbeRows(
    val kind: ProbeKind,
    val measurements: List<Measurement>,
    val unsupported: List<UnsupportedCell>,
    val coldStart: List<ColdStartRow> = emptyList(),
)
