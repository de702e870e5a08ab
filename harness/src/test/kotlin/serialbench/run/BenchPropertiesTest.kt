package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.config.Option
import serialbench.config.Reading
import serialbench.config.Suggestions

@Order(TestOrder.UNIT)
class BenchPropertiesTest {
    @Test
    fun `every feature's properties are known, and only bench names`() {
        assertThat(BenchProperties.groups.flatMap { it.names }).doesNotHaveDuplicates()
        assertThat(BenchProperties.names).contains(
            "bench.sizes", "bench.repetitions", "bench.warmup", "bench.warmupMillis", "bench.threads", "bench.codecs",
            "bench.seed", "bench.baseline", "bench.baseline.results", "bench.baseline.threshold", "bench.shapes",
            "bench.forks", "bench.robustness.cases", "bench.jvmArgs", "bench.parentJvmArgs",
            "bench.uploadBytes", "bench.writeData", "bench.input", "bench.streams", "bench.streams.sizes",
            "bench.streams.repetitions",
        )
        // The modules that run on the harness declare their own: the harness alone does not know them.
        assertThat(BenchProperties.names).noneMatch { it.startsWith("bench.jmh.") || it.startsWith("bench.http.") }
        assertThat(BenchProperties.names).allSatisfy { assertThat(it).startsWith("bench.") }.doesNotHaveDuplicates()
        assertThatThrownBy { Option("jmh.forks", 2, Reading.count(100), "forks") }
            .hasMessage("an option name without bench.: jmh.forks")
    }

    @Test
    fun `known names and names outside bench pass`() {
        BenchProperties.refuseUnknown(
            mapOf("bench.sizes" to "10", "bench.uploadBytes" to "8", "java.home" to "/jdk", "benchmark" to "x"),
        )
    }

    @ParameterizedTest
    @CsvSource(
        "bench.repetition, bench.repetitions",
        "bench.size, bench.sizes",
        "bench.warmupmillis, bench.warmupMillis",
        "bench.stream, bench.streams",
        "bench.baseline.result, bench.baseline.results",
        "bench.robustness, bench.robustness.cases",
        "bench.codec, bench.codecs",
    )
    fun `an unknown bench name is refused with its value and the nearest known name`(name: String, nearest: String) {
        assertThatThrownBy { BenchProperties.refuseUnknown(mapOf(name to "5", "bench.sizes" to "10")) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "$name='5' is not a known property; did you mean $nearest? " +
                    "allowed: ${BenchProperties.names.joinToString(", ")}",
            )
    }

    @Test
    fun `several unknown names are all named`() {
        assertThatThrownBy { BenchProperties.refuseUnknown(mapOf("bench.repetition" to "5", "bench.zzz" to "1")) }
            .hasMessageStartingWith(
                "bench.repetition='5' is not a known property (also unknown: bench.zzz); did you mean bench.repetitions?",
            )
    }

    @Test
    fun `edit distance counts insertions, deletions and substitutions`() {
        assertThat(Suggestions.editDistance("kitten", "sitting")).isEqualTo(3)
        assertThat(Suggestions.editDistance("", "abc")).isEqualTo(3)
        assertThat(Suggestions.editDistance("same", "same")).isEqualTo(0)
    }
}
