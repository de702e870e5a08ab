package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.data.Offset
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import java.util.SplittableRandom

/**
 * Where a series' timed calls begin in the young generation's cycle, on a young generation of [YOUNG] bytes that a
 * test allocates into and empties as a full GC would.
 */
@Order(TestOrder.UNIT)
class GcPhaseTest {
    /** A young generation of [size] bytes, collected each time it fills. */
    private class Young(var size: Long = YOUNG) {
        /** What the collector reports as set aside for eden: the size, unless a test says otherwise. */
        var committed = size
        var used = 0L
        var collections = 0L
        var allocated = 0L

        fun allocate(bytes: Int) {
            allocated += bytes
            used += bytes
            if (used >= size) {
                collections++
                used -= size
            }
        }

        /** A full GC: the young generation empty. */
        fun fullGc() {
            used = 0
        }

        /**
         * The timed calls allocating [bytes] from where the young generation is: the bytes into them at which each
         * collection fell.
         */
        fun timedCalls(bytes: Long): List<Long> {
            val at = mutableListOf<Long>()
            var into = size - used
            while (into <= bytes) {
                at += into
                into += size
            }
            used = (used + bytes) % size
            return at
        }
    }

    private fun phase(young: Young, seed: Long = 1, given: GcPhase.Measured? = null) = GcPhase(
        random = SplittableRandom(seed)::nextDouble,
        youngCollections = { young.collections },
        edenUsed = { young.used },
        edenCommitted = { young.committed },
        allocate = young::allocate,
        maxSearchBytes = 4 * YOUNG,
        given = given,
    )

    /** Begins timed calls that allocate [timedBytes] in all: 4 calls, as 2 warm-up calls each allocated a quarter. */
    private fun GcPhase.begin(timedBytes: Long) =
        begin(GcPhase.Reading(0, 0), GcPhase.Reading(timedBytes / 2, 0), calls = 2, timedCalls = 4)

    /** The collections that fell within each of [series] series' timed calls of [timedBytes] each. */
    private fun collectionsBySeries(young: Young, timedBytes: Long, series: Int = 4_000): List<List<Long>> {
        val phase = phase(young)
        return List(series) {
            young.fullGc()
            phase.begin(timedBytes)
            young.timedCalls(timedBytes)
        }
    }

    @Test
    fun `timed calls that allocate a quarter of the young generation meet its collection in a quarter of the series`() {
        val timed = YOUNG / 4
        val collections = collectionsBySeries(Young(), timed)
        assertThat(collections.count { it.isNotEmpty() } / 4_000.0).isCloseTo(0.25, Offset.offset(0.03))
        assertThat(collections.maxOf { it.size }).isEqualTo(1)
        // at an even place among them: half-way on average, and early and late alike
        val at = collections.flatten()
        assertThat(at.average() / timed).isCloseTo(0.5, Offset.offset(0.05))
        assertThat(at.count { it < timed / 4 }).isCloseTo(at.count { it >= timed * 3 / 4 }, Offset.offset(at.size / 10))
    }

    @Test
    fun `timed calls that allocate more than the young generation meet as many collections as their bytes fill it`() {
        val timed = YOUNG * 5 / 2
        val collections = collectionsBySeries(Young(), timed)
        assertThat(collections.map { it.size }.toSet()).containsExactlyInAnyOrder(2, 3)
        assertThat(collections.sumOf { it.size } / 4_000.0).isCloseTo(2.5, Offset.offset(0.05))
    }

    @Test
    fun `without the phase every series begins just after the full GC and small ones never meet a collection`() {
        val young = Young()
        val met = List(100) {
            young.fullGc()
            young.timedCalls(YOUNG / 4)
        }
        assertThat(met).allMatch { it.isEmpty() }
    }

    @Test
    fun `a young generation is measured once, and again once the collector has resized it`() {
        val young = Young()
        val phase = phase(young)
        fun seriesAllocation(): Long {
            young.fullGc()
            val before = young.allocated
            phase.begin(YOUNG * 2)
            return young.allocated - before
        }
        // a measurement (YOUNG), then fills of less than YOUNG each
        assertThat(seriesAllocation()).isGreaterThanOrEqualTo(YOUNG)
        assertThat(seriesAllocation()).isLessThan(YOUNG)
        young.committed = YOUNG * 21 / 20
        assertThat(seriesAllocation()).isLessThan(YOUNG)
        young.size = YOUNG * 2
        young.committed = YOUNG * 2
        assertThat(seriesAllocation()).isGreaterThanOrEqualTo(YOUNG * 2)
        assertThat(seriesAllocation()).isLessThan(YOUNG * 2)
    }

    @Test
    fun `prepared ahead of the first series, the young generation is not measured in it`() {
        val young = Young()
        val phase = phase(young)
        phase.prepare()
        val prepared = young.allocated
        assertThat(phase.measurements).isEqualTo(1)
        assertThat(prepared).isGreaterThanOrEqualTo(YOUNG)
        young.fullGc()
        phase.begin(YOUNG * 2)
        assertThat(young.allocated - prepared).isLessThan(YOUNG)
    }

    @Test
    fun `a young generation measured in another JVM with the same eden is not measured again`() {
        val young = Young()
        val first = phase(young)
        first.prepare()
        val measured = checkNotNull(first.measured)
        assertThat(measured.youngBytes).isBetween(YOUNG, YOUNG + GcPhase.CHUNK_BYTES)

        val next = Young()
        val given = phase(next, given = measured)
        given.prepare()
        assertThat(given.measurements).isZero()
        // its fills stay within the young generation given
        repeat(20) {
            next.fullGc()
            val before = next.allocated
            given.begin(YOUNG * 2)
            assertThat(next.allocated - before).isLessThan(YOUNG)
        }
        assertThat(given.collectedWhileFilling).isZero()
    }

    @Test
    fun `a young generation given by a JVM whose eden differed by more than a tenth is measured again`() {
        val young = Young(size = YOUNG * 2)
        val phase = phase(young, given = GcPhase.Measured(YOUNG, edenCommittedBytes = YOUNG))
        young.committed = YOUNG * 2
        phase.prepare()
        assertThat(phase.measurements).isEqualTo(1)
        assertThat(checkNotNull(phase.measured).youngBytes).isGreaterThanOrEqualTo(YOUNG * 2)
    }

    @Test
    fun `a fill that meets a collection has the young generation measured again`() {
        val young = Young()
        val phase = phase(young, seed = 3)
        young.fullGc()
        phase.begin(YOUNG * 2)
        young.size = YOUNG / 4
        repeat(20) {
            young.fullGc()
            phase.begin(YOUNG * 2)
        }
        assertThat(phase.collectedWhileFilling).isEqualTo(1)
        // measured again at its new size: each later fill stays within it
        repeat(10) {
            young.fullGc()
            val before = young.allocated
            phase.begin(YOUNG * 2)
            assertThat(young.allocated - before).isLessThan(YOUNG / 4)
        }
    }

    @Test
    fun `where the JVM does not count young collections, nothing is allocated`() {
        val young = Young()
        val phase = GcPhase(youngCollections = { null }, allocate = young::allocate)
        assertThat(phase.reading()).isNull()
        phase.begin(YOUNG)
        assertThat(young.allocated).isZero()
        assertThat(phase.seriesPlaced).isZero()
    }

    @Test
    fun `each series placed in the cycle is counted, a fill or by the draw none, and none that allocates nothing`() {
        val young = Young()
        val phase = phase(young)
        repeat(40) {
            young.fullGc()
            phase.begin(YOUNG / 4)
        }
        phase.begin(0)
        assertThat(phase.seriesPlaced).isEqualTo(40)
    }

    @Test
    fun `a young generation never collected within reach is searched once, then left alone`() {
        var allocated = 0L
        val phase = GcPhase(
            youngCollections = { 0L },
            edenUsed = { 0L },
            allocate = { allocated += it },
            maxSearchBytes = YOUNG,
        )
        phase.begin(YOUNG)
        val searched = allocated
        phase.begin(YOUNG)
        assertThat(searched).isBetween(YOUNG, YOUNG + GcPhase.CHUNK_BYTES)
        assertThat(allocated).isEqualTo(searched)
        assertThat(phase.seriesPlaced).isZero()
    }

    @Test
    fun `a series' timed calls begin where its warm-up's allocation puts them in the young generation's cycle`() {
        val young = Young(size = 4L * CALL_BYTES)
        val phase = GcPhase(
            random = { 0.5 },
            youngCollections = { young.collections },
            edenUsed = { young.used },
            edenCommitted = { young.committed },
            allocate = young::allocate,
        )
        val sampler = Sampler(
            repetitions = 3,
            warmup = 4,
            warmupMillis = 0,
            jitMillis = { 0L },
            jvmThreadsNanos = { 0L },
            gcPhase = phase,
            fullGc = young::fullGc,
        )
        val collectedInCall = mutableListOf<Boolean>()
        // calls of 1 MiB each, the first of 3 MiB (a first call checks its result)
        sampler.series {
            val before = young.collections
            young.allocate(if (collectedInCall.isEmpty()) 3 * CALL_BYTES else CALL_BYTES)
            collectedInCall += young.collections > before
        }
        // the warm-up's later calls allocated 1 MiB each: the timed calls 3 MiB, in a young generation of 4 MiB
        // (measured once, after the full GC), with a collection among them in half the series (the first draw 0.5
        // is within it); the fill (4 - 0.5 * 3 MiB) puts it half-way through them (the second draw 0.5)
        val calls = collectedInCall.size
        val fill = young.size - 3 * CALL_BYTES / 2
        assertThat(young.allocated).isEqualTo((calls + 2L) * CALL_BYTES + young.size + fill)
        assertThat(collectedInCall.takeLast(3)).containsExactly(false, true, false)
    }

    @Test
    fun `no timed allocation, no garbage`() {
        val young = Young()
        phase(young).begin(0)
        assertThat(young.allocated).isZero()
    }

    private companion object {
        const val YOUNG = 1_000L * GcPhase.CHUNK_BYTES
        const val CALL_BYTES = 1 shl 20
    }
}
