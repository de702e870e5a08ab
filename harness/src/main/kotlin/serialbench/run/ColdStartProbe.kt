package serialbench.run

import serialbench.results.ColdStartRow
import serialbench.results.RunPhase

/**
 * Each codec's first calls ([ColdStart]): the creation of the codec and its first serialization and deserialization,
 * which must be their JVM's first, before the run's codecs exist ([beforeCodecs]). A codec's first fork measures
 * its own cell here ([ProbeContext.coldStartCell]) and its later forks none; measuring in this JVM
 * (`bench.forks=0`), each codec's cold start runs in a fresh JVM of its own.
 */
internal class ColdStartProbe(private val context: ProbeContext) : Probe {
    override val kind: ProbeKind get() = KIND

    private var rows: List<ColdStartRow> = emptyList()

    override fun beforeCodecs() {
        val config = context.config
        rows = context.clock.time(RunPhase.COLD_STARTS) {
            val here = context.coldStartCell
            when {
                here != null -> {
                    val codec = config.codecs.single()
                    val (shape, size) = here
                    listOf(ColdStart.measureHere(codec, shape, size, config.seed, config.threads, config.shapeSettings))
                }

                context.inFork -> emptyList()

                else -> config.codecs.mapNotNull { id -> inFreshJvm(id) }
            }
        }
    }

    override fun measure(): ProbeRows = ProbeRows(KIND, emptyList(), emptyList(), rows)

    private fun inFreshJvm(id: String): ColdStartRow? {
        val config = context.config
        val (shape, size) = ColdStart.cell(id, context.shapes, config) ?: return null
        val row = ColdStart.inFreshJvm(id, shape, size, config.seed, config.threads, config.shapeSettings)
        context.log(
            "cold start $id ($shape, N = $size): create ${row.createNanos / 1_000} us, " +
                "first serialization ${row.firstSerializeNanos / 1_000} us, " +
                "first deserialization ${row.firstDeserializeNanos / 1_000} us",
        )
        return row
    }

    companion object : Probe.Factory {
        val KIND = ProbeKind("cold-start", ResultsSection.COLD_STARTS)

        override fun create(context: ProbeContext): Probe = ColdStartProbe(context)
    }
}
