package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.results.Operation
import serialbench.results.ResultRow

@Order(TestOrder.UNIT)
class MeasurementTest {
    private fun measurement(codec: String, operation: Operation, size: Int, vararg nanos: Long) = Measurement(
        ResultRow(
            codec = codec, codecName = codec, format = "JSON", operation = operation, size = size,
            repetitions = nanos.size,
            meanNanos = nanos.average(), medianNanos = 0.0, minNanos = 0, maxNanos = 0, stdDevNanos = 0.0,
            payloadBytes = 1,
        ),
        Samples(nanos, null, GcMeter.Reading(0, 0)),
    )

    @Test
    fun `each row gets its ratio to the baseline of the same size and operation`() {
        val rows = Measurement.withRatios(
            listOf(
                measurement("base", Operation.SERIALIZE, 10, 100, 100),
                measurement("base", Operation.DESERIALIZE, 10, 1000, 1000),
                measurement("other", Operation.SERIALIZE, 10, 50, 200),
                measurement("other", Operation.DESERIALIZE, 10, 3000, 1000),
                measurement("other", Operation.SERIALIZE, 100, 7, 7),
            ),
            baseline = "base",
        )
        // other serialize: 50/100 twice and 200/100 twice, geometric mean 1; other deserialize: 3 twice and 1 twice, sqrt(3)
        assertThat(
            rows.map {
                it.ratio?.let { ratio -> Math.round(ratio * 1e9) / 1e9 }
            },
        ).containsExactly(1.0, 1.0, 1.0, 1.732050808, null)
        assertThat(rows.map { it.baseline }).containsExactly("base", "base", "base", "base", null)
        // deviations -0.75, -0.75, 0.75, 0.75: sample variance 2.25 / 3
        assertThat(rows[2].ratioStdDev).isCloseTo(Math.sqrt(0.75), within(1e-12))
        assertThat(rows[0].ratioStdDev).isEqualTo(0.0)
    }
}
