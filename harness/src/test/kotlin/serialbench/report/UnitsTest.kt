package serialbench.report

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class UnitsTest {
    @Test
    fun `durations take the largest unit that keeps them at least 1, with three significant digits`() {
        assertThat(Units.duration(950.0)).isEqualTo("950 ns")
        assertThat(Units.duration(1_234.0)).isEqualTo("1.23 us")
        assertThat(Units.duration(28_440.0)).isEqualTo("28.4 us")
        assertThat(Units.duration(806_000_000.0)).isEqualTo("806 ms")
        assertThat(Units.duration(1_327_000_000.0)).isEqualTo("1.33 s")
        assertThat(Units.duration(-3_000_000.0)).isEqualTo("-3.00 ms")
    }

    @Test
    fun `bytes, ratios, percentages and counts`() {
        assertThat(Units.bytes(512)).isEqualTo("512 B")
        assertThat(Units.bytes(13_460)).isEqualTo("13.1 KiB")
        assertThat(Units.bytes(8L shl 30)).isEqualTo("8.00 GiB")
        assertThat(Units.ratio(1.9149)).isEqualTo("1.91x")
        assertThat(Units.signedPercent(-0.4812)).isEqualTo("-48.1%")
        assertThat(Units.signedPercent(0.06)).isEqualTo("+6.0%")
        assertThat(Units.count(100_000)).isEqualTo("100,000")
        assertThat(Units.percent(10.0)).isEqualTo("10%")
        assertThat(Units.percent(2.5)).isEqualTo("2.5%")
    }
}
