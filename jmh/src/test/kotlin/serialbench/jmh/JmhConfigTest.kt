package serialbench.jmh

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.config.OptionTables
import serialbench.config.OptionsText
import serialbench.report.ReportFiles
import serialbench.run.BenchConfig
import serialbench.run.BenchNames
import java.io.File

@Order(TestOrder.UNIT)
class JmhConfigTest {
    @Test
    fun `by default JMH checks both kotlinx JSON codecs at 1,000 and 10,000 objects, 2 forks of 5 x 1 s`() {
        val config = JmhConfig.from { null }
        assertThat(read(config))
            .containsExactly(listOf("kotlinx-json", "kotlinx-json-parallel"), listOf(1000, 10000), 2, 5, 5, 1000)
    }

    @Test
    fun `the cross-check leaves out the options of the rest of a benchmark run, which would have no effect in it`(
        @TempDir directory: File,
    ) {
        val run = BenchConfig.from(
            mapOf(
                "bench.codecs" to "kotlinx-json,fastjson2",
                "bench.shapes" to "flat,upload",
                "bench.uploadBytes" to "1024",
                "bench.ceiling" to "true",
                "bench.documentSet" to "card-1kb",
                "bench.baseline" to "fastjson2",
                "bench.repetitions" to "7",
            )::get,
        )
        val jmh = JmhConfig.from(mapOf("bench.jmh.codecs" to "kotlinx-json-parallel")::get)

        val harness = JmhCrossCheck(jmh, run, ReportFiles(directory)) {}.bench

        assertThat(harness.codecs).containsExactly("kotlinx-json-parallel")
        assertThat(harness.shapes).containsExactly("flat")
        assertThat(harness.ceiling).isFalse()
        assertThat(harness.documentSet).isEmpty()
        assertThat(harness.asProperties()).doesNotContainKeys("bench.uploadBytes", "bench.baseline")
            .containsEntry("bench.repetitions", "7")
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
        val config = JmhConfig.from(properties::get)
        assertThat(read(config))
            .containsExactly(listOf("jackson"), listOf(10), 1, 2, 3, 200)
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.forks" to "0")::get) }
            .hasMessage("bench.jmh.forks='0': 0 is not positive; allowed: a positive integer up to 100")
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.forks" to "101")::get) }
            .hasMessage("bench.jmh.forks='101': 101 is above the bound 100; allowed: a positive integer up to 100")
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.iterationMillis" to "2147483647")::get) }
            .hasMessage(
                "bench.jmh.iterationMillis='2147483647': 2147483647 is above the bound 60000; " +
                    "allowed: a positive integer up to 60000",
            )
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.sizes" to "1000,10,1000")::get) }
            .hasMessage(
                "bench.jmh.sizes='1000,10,1000': 1000 is given more than once; " +
                    "allowed: comma-separated distinct positive integers up to 10000000, e.g. 10,1000",
            )
        assertThatThrownBy { JmhConfig.from(mapOf("bench.jmh.codecs" to "xml")::get) }
            .hasMessageStartingWith("bench.jmh.codecs='xml': unknown codec id 'xml'; allowed: kotlinx-json, ")
    }

    @Test
    fun `a misspelt bench property is refused with the nearest known name, and the JMH names are known here`() {
        System.setProperty("bench.repetition", "5")
        System.setProperty("bench.jmh.forks", "1")
        try {
            assertThatThrownBy { JmhConfig.fromSystemProperties() }
                .hasMessageStartingWith("bench.repetition='5' is not a known property; did you mean bench.repetitions?")
            System.clearProperty("bench.repetition")
            assertThat(JmhConfig.fromSystemProperties().forks).isEqualTo(1)
            assertThat(BenchConfig.fromSystemProperties(listOf(JmhOptions)).repetitions).isEqualTo(100)
            assertThatThrownBy { BenchConfig.fromSystemProperties() }
                .hasMessageStartingWith("bench.jmh.forks='1' is not a known property")
        } finally {
            System.clearProperty("bench.repetition")
            System.clearProperty("bench.jmh.forks")
        }
    }

    @Test
    fun `every bench jmh name of the project is declared, and the options page's table is this module's`() {
        OptionTables.check("jmh-options", OptionsText.markdownTable(listOf(JmhOptions), commonOnly = false))
        val names = BenchNames.all().filter { it.startsWith("bench.jmh.") }
        assertThat(names).contains("bench.jmh.codecs", "bench.jmh.iterationMillis")
        assertThat(JmhOptions.names).containsAll(names)
    }

    private fun read(config: JmhConfig) = listOf(
        config.codecs,
        config.sizes,
        config.forks,
        config.warmupIterations,
        config.iterations,
        config.iterationMillis,
    )
}
