package serialbench.parallel.internal.scan

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class CommaSampleTest {
    @Test
    fun `a sample of many commas keeps a bounded number, evenly spread, each with the elements before it`() {
        val sample = CommaSample()
        val elements = 100_000
        for (element in 1 until elements) sample.add(comma = 10 * element, before = element)
        sample.total = elements
        val cuts = sample.cuts()
        assertThat(cuts.cuts.size).isBetween(CommaSample.MAX_COMMAS / 2, CommaSample.MAX_COMMAS)
        assertThat(cuts.cuts.toList().zipWithNext { a, b -> b - a }.distinct()).hasSize(1)
        assertThat(cuts.cuts.indices).allMatch { cuts.elementsBefore[it] == cuts.cuts[it] / 10 }
        assertThat(cuts.total).isEqualTo(elements)
    }

    @Test
    fun `cuts taken from a sample fall near evenly spaced offsets`() {
        val sample = CommaSample()
        for (element in 1 until 1000) sample.add(comma = 10 * element, before = element)
        sample.total = 1000
        val spaced = sample.cuts().spaced(start = 0, end = 10_000, slices = 4)
        assertThat(spaced.cuts.toList()).containsExactly(2500, 5000, 7500)
        assertThat(spaced.elementsBefore.toList()).containsExactly(250, 500, 750)
    }
}
