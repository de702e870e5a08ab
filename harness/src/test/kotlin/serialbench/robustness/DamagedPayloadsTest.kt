package serialbench.robustness

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.DamagedInput

@Order(TestOrder.UNIT)
class DamagedPayloadsTest {
    private val own = ByteArray(100) { it.toByte() }

    private fun payloads(own: ByteArray = this.own, cases: Int = 1000, seed: Int = 1) = DamagedPayloads(
        own = own,
        boundaries = listOf(40, 70),
        foreign = listOf("same" to own.copyOf(), "other" to byteArrayOf(1, 2, 3)),
        seed = seed.toLong(),
        casesPerInput = cases,
        randomPayloads = 4,
    )

    @Test
    fun `a small payload gets every cut and every bit flip`() {
        val payloads = payloads()
        assertThat(payloads.truncated().map { it.bytes().size }).isEqualTo((0 until 100).toList())
        assertThat(payloads.truncated()[40].bytes()).isEqualTo(own.copyOf(40))
        val flips = payloads.bitFlipped()
        assertThat(flips).hasSize(800)
        assertThat(flips.map { it.bytes().toList() }.distinct()).hasSize(800)
        assertThat(flips[8 * 3 + 5].description).isEqualTo("bit 5 of byte 3 of 100")
        assertThat(flips[8 * 3 + 5].bytes()[3]).isEqualTo((3 xor 32).toByte())
    }

    @Test
    fun `a larger payload gets a seeded sample of cuts that holds every element boundary and the last cuts`() {
        val payloads = payloads(cases = 20)
        val cuts = payloads.truncated().map { it.bytes().size }
        assertThat(cuts).hasSize(20).doesNotHaveDuplicates().isSorted().contains(40, 70).allSatisfy {
            assertThat(it).isBetween(0, 99)
        }
        assertThat(cuts).containsAll(100 - DamagedPayloads.TAIL_CUTS until 100)
        assertThat(payloads.bitFlipped()).hasSize(20)
        assertThat(payloads(cases = 20).all().map { it.description }).isEqualTo(payloads.all().map { it.description })
        assertThat(payloads.all().map { it.bytes().toList() }).isEqualTo(payloads.all().map { it.bytes().toList() })
        assertThat(payloads(cases = 20, seed = 2).truncated().map { it.description })
            .isNotEqualTo(payloads.truncated().map { it.description })
    }

    @Test
    fun `foreign payloads are other codecs' that differ, random bytes, half with the codec's start, and no bytes`() {
        val foreign = payloads().foreign()
        assertThat(foreign).allSatisfy { assertThat(it.input).isEqualTo(DamagedInput.FOREIGN) }
        assertThat(foreign.map { it.description }).startsWith("the payload of `other`").contains("the empty payload")
            .noneMatch { it.contains("`same`") }
        val randoms = foreign.filter { "random bytes" in it.description }
        assertThat(randoms).hasSize(4)
        assertThat(randoms.filterIndexed { index, _ -> index % 2 == 1 }).allSatisfy { case ->
            val head = minOf(DamagedPayloads.HEAD_BYTES, case.bytes().size)
            assertThat(case.bytes().copyOf(head)).isEqualTo(own.copyOf(head))
        }
        assertThat(foreign.last().bytes()).isEmpty()
    }
}
