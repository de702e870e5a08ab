package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class JmhConfigTest {
    @Test
    fun `by default JMH checks both kotlinx JSON codecs at 1,000 and 10,000 objects, 2 forks of 5 x 1 s`() {
        assertThat(JmhConfig.from { null }).isEqualTo(
            JmhConfig(listOf("kotlinx-json", "kotlinx-json-parallel"), listOf(1000, 10000), 2, 5, 5, 1000),
        )
    }

    @Test
    fun `set properties are parsed and bad ones name the property`() {
        val properties = mapOf(
            "bench.jmh.codecs" to "jackson",
            "bench.jmh.sizes" to "10",
            "bench.jmh.forks" to "1",
            "bench.jmh.warmupIterations" to "2",
            "bench.jmh.iterations" to "3",
            "bench.jmh.iterationMillis" to "200",
        )
        assertThat(JmhConfig.from(properties::get)).isEqualTo(JmhConfig(listOf("jackson"), listOf(10), 1, 2, 3, 200))
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.forks" to "0")::get) }
            .hasMessage("bench.jmh.forks='0': 0 is not positive; allowed: a positive integer up to 100")
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.forks" to "101")::get) }
            .hasMessage("bench.jmh.forks='101': 101 is above the bound 100; allowed: a positive integer up to 100")
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.iterationMillis" to "2147483647")::get) }
            .hasMessage(
                "bench.jmh.iterationMillis='2147483647': 2147483647 is above the bound 60000; allowed: a positive integer up to 60000",
            )
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.sizes" to "1000,10,1000")::get) }
            .hasMessage(
                "bench.jmh.sizes='1000,10,1000': 1000 is given more than once; " +
                    "allowed: comma-separated distinct positive integers up to 10000000, e.g. 10,1000",
            )
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.codecs" to "xml")::get) }
            .hasMessageStartingWith("bench.jmh.codecs='xml': unknown codec id 'xml'; allowed: kotlinx-json, ")
    }
}
