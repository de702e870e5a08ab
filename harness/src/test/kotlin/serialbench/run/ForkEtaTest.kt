package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.measure.ForkEta
import serialbench.report.ReportFixtures
import serialbench.results.Operation
import serialbench.results.RunPhase

/** The forks' ETA: the forks left, weighed by an earlier run's time per codec when there is one. */
@Order(TestOrder.UNIT)
class ForkEtaTest {
    private var nowNanos = 0L
    private val second = 1_000_000_000L

    private fun eta(weights: Map<String, Double> = emptyMap()) =
        ForkEta(listOf("slow", "fast", "new"), forksPerCodec = 2, weights = weights, clockNanos = { nowNanos })

    private fun forkTook(eta: ForkEta, codec: String, seconds: Long, oneOffSeconds: Long = 0) {
        nowNanos += seconds * second
        eta.forkDone(codec, oneOffSeconds * second)
    }

    @Test
    fun `without an earlier run every fork left is expected to take the mean of those done`() {
        val eta = eta()
        assertThat(eta.line()).isEqualTo("elapsed 0:00 | ETA ?")
        forkTook(eta, "slow", 30)
        assertThat(eta.line()).isEqualTo("elapsed 0:30 | ETA 2:30")
    }

    @Test
    fun `an earlier run's times weigh each codec, and a codec it did not measure weighs their mean`() {
        // slow weighs 3, fast 1, new the mean of both (2): after one fork of slow in 30 s, a unit of weight is 10 s
        val eta = eta(mapOf("slow" to 3.0, "fast" to 1.0))
        forkTook(eta, "slow", 30)
        assertThat(eta.line()).isEqualTo("elapsed 0:30 | ETA 1:30")
        // the first round done (weight 6 of 12) in 60 s: the second round left
        forkTook(eta, "fast", 10)
        forkTook(eta, "new", 20)
        assertThat(eta.line()).isEqualTo("elapsed 1:00 | ETA 1:00")
        assertThatThrownBy { eta.forkDone("other") }.hasMessageContaining("not a codec of this run: other")
    }

    @Test
    fun `once later forks ran, a fork left takes as long as its codec's last, and first forks as long as theirs`() {
        val eta = eta(mapOf("slow" to 3.0, "fast" to 1.0))
        forkTook(eta, "slow", 30)
        forkTook(eta, "fast", 10)
        forkTook(eta, "new", 20)
        // slow's second fork took half as long as its first; one codec's ratio does not scale the others' (10 and 20 s)
        forkTook(eta, "slow", 15)
        assertThat(eta.line()).isEqualTo("elapsed 1:15 | ETA 0:30")
        forkTook(eta, "fast", 8)
        assertThat(eta.line()).isEqualTo("elapsed 1:23 | ETA 0:20")
        forkTook(eta, "new", 13)
        assertThat(eta.line()).isEqualTo("elapsed 1:36 | ETA 0:00")
        assertThatThrownBy { eta.forkDone("new") }.hasMessageContaining("all 6 forks done")
    }

    @Test
    fun `first forks scale by the median of three codecs' later over first forks, never by one codec's`() {
        val codecs = listOf("a", "b", "c", "d")
        val eta = ForkEta(codecs, forksPerCodec = 2, clockNanos = { nowNanos })
        for (codec in codecs) forkTook(eta, codec, 10)
        // c's second fork took twice its first: alone, or with a's half, it scales no first fork (b's, d's: 10 s)
        forkTook(eta, "c", 20)
        assertThat(eta.line()).isEqualTo("elapsed 1:00 | ETA 0:30")
        forkTook(eta, "a", 5)
        assertThat(eta.line()).isEqualTo("elapsed 1:05 | ETA 0:20")
        // b's half too: the median of 2, 0.5 and 0.5 scales d's first fork to 5 s
        forkTook(eta, "b", 5)
        assertThat(eta.line()).isEqualTo("elapsed 1:10 | ETA 0:05")
    }

    @Test
    fun `a fork's cold start and gzip are set aside, as later forks do not pay them`() {
        // slow's first fork took 40 s, 10 s of them its cold start and gzip: 30 s for a weight of 3
        val eta = eta(mapOf("slow" to 3.0, "fast" to 1.0))
        forkTook(eta, "slow", 40, oneOffSeconds = 10)
        assertThat(eta.line()).isEqualTo("elapsed 0:40 | ETA 1:30")
        forkTook(eta, "fast", 12, oneOffSeconds = 2)
        forkTook(eta, "new", 20)
        // slow's second fork took as long as its first without the one-off costs: so will the others' second forks
        forkTook(eta, "slow", 30)
        assertThat(eta.line()).isEqualTo("elapsed 1:42 | ETA 0:30")
        assertThatThrownBy { eta.forkDone("fast", -1) }.hasMessageContaining("oneOffNanos < 0: -1")
    }

    @Test
    fun `without an earlier run, the default run's codecs weigh their time in the reference run`() {
        val defaults = BenchConfig.from(emptyMap())
        val defaultSizes = defaults.shapeList.associate { it.id to defaults.sizesOf(it) }
        val weights = ForkEta.referenceWeights(defaultSizes)
        assertThat(weights.keys).describedAs("the reference run's codecs, every one in the registry")
            .isNotEmpty.isSubsetOf(Codecs.ids)
        assertThat(weights.getValue("kotlinx-json")).isGreaterThan(weights.getValue("fory"))
        assertThat(ForkEta.referenceWeights(mapOf("flat" to listOf(10, 100)))).describedAs("other sizes").isEmpty()
    }

    @Test
    fun `a codec weighs its timed calls and an equal share of the rest of the earlier run`() {
        val rows = listOf(
            ReportFixtures.sampled(row("slow"), listOf(50 * second, 30 * second)),
            ReportFixtures.sampled(row("fast"), listOf(10 * second, 10 * second)),
        )
        val earlier = ReportFixtures.results.copy(
            results = rows,
            phaseNanos = mapOf(RunPhase.TIMED_CALLS to 100 * second, RunPhase.JVM_STARTS to 40 * second),
        )
        assertThat(
            ForkEta.weightsOf(earlier, sizes),
        ).isEqualTo(mapOf("slow" to 100.0 * second, "fast" to 40.0 * second))
        assertThat(
            ForkEta.weightsOf(earlier, mapOf("flat" to listOf(10, 100_000))),
        ).describedAs("other sizes").isEmpty()
        assertThat(ForkEta.weightsOf(earlier, mapOf("events" to sizes.values.single()))).describedAs("another shape")
            .isEmpty()
    }

    @Test
    fun `an earlier run that did not record its phases gives no weights`() {
        val earlier = ReportFixtures.results.copy(phaseNanos = emptyMap())
        assertThat(ForkEta.weightsOf(earlier, sizes)).isEmpty()
    }

    /** The shapes and sizes of [ReportFixtures.results]. */
    private val sizes = ForkEta.sizesOf(ReportFixtures.results)!!

    private fun row(codec: String) = ReportFixtures.row(codec, codec, Operation.SERIALIZE, 10, 1.0, 10)
}
