package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder

/**
 * The full GC after a series' warm-up, made only where it keeps a collection out of the timed calls: each call here
 * allocates 1 MiB, so three timed calls allocate 3 MiB, against a young generation of a given size and use.
 */
@Order(TestOrder.UNIT)
class CollectBeforeSeriesTest {
    @ParameterizedTest(name = "eden of {0} MiB with {1} MiB in use: collected {2}")
    @CsvSource(
        // the timed calls fit beside what the warm-up left: no collection can fall in them
        "1024, 0, false",
        // they fit only after a collection
        "1024, 1022, true",
        // they fill the young generation whatever it held: they collect during their calls anyway
        "2, 0, false",
        "2, 2, false",
    )
    fun `a series starts after a full GC only where the GC keeps collections out of its timed calls`(
        edenMebibytes: Long,
        usedMebibytes: Long,
        collected: Boolean,
    ) {
        var collections = 0
        val collector = CollectBeforeSeries(
            eden = { CollectBeforeSeries.Eden(usedMebibytes * MEBIBYTE, edenMebibytes * MEBIBYTE) },
            collect = { collections++ },
        )
        Sampler(repetitions = 3, warmup = 4, warmupMillis = 0, collector = collector).series {
            ByteArray(MEBIBYTE.toInt())
        }
        assertThat(collections).isEqualTo(if (collected) 1 else 0)
    }

    @ParameterizedTest(name = "warm-up calls: {0}")
    @CsvSource("0", "4")
    fun `without a young generation to read, or without warm-up calls to weigh, every series is collected before`(
        warmup: Int,
    ) {
        var collections = 0
        val noEden = CollectBeforeSeries(eden = { null }, collect = { collections++ })
        Sampler(repetitions = 3, warmup = warmup, warmupMillis = 0, collector = noEden).series { 42 }
        val noCalls = CollectBeforeSeries(eden = { CollectBeforeSeries.Eden(0, MEBIBYTE) }, collect = { collections++ })
        Sampler(repetitions = 3, warmup = 0, warmupMillis = 0, collector = noCalls).series { 42 }
        assertThat(collections).isEqualTo(2)
    }

    private companion object {
        const val MEBIBYTE = 1L shl 20
    }
}
