package serialbench.run

import kotlinx.serialization.Serializable

/**
 * A kind of measurement ([Probe]): its [id], and the list of the results file its rows go to ([section]). A fork
 * hands its rows back tagged with their kind, and the rows of one kind are pooled over the forks together
 * ([ForkPool.poolKinds]).
 */
@Serializable
internal data class ProbeKind(val id: String, val section: ResultsSection)

/** The lists of rows in `benchmark-results.json` that a kind of measurement can fill. */
internal enum class ResultsSection {
    /** `results`: the codecs' own calls, the tables and verdicts of the report. */
    RESULTS,

    /** `streaming`: decodes from a stream, to their first element and to their last. */
    STREAMING,

    /** `ioPaths`: calls over an I/O path. */
    IO_PATHS,

    /** `coldStart`: each codec's first calls in a JVM ([ProbeRows.coldStart]). */
    COLD_STARTS,

    /** `ceiling`: rounds of a parallel codec's engine on every thread at once ([CeilingProbe]). */
    CEILING,

    /** `documentSet`: the document set's documents through `Json` and ParallelJson ([DocumentSetProbe]). */
    DOCUMENT_SET,
}
