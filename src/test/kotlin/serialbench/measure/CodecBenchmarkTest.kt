package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.KotlinxJsonCodec
import serialbench.model.TestObject

@Order(TestOrder.UNIT)
class CodecBenchmarkTest {
    /** Slow for its first calls, as code is before the JIT has compiled it. */
    private class WarmingCodec(private val slowCalls: Int, private val json: Codec = KotlinxJsonCodec()) : Codec by json {
        private var calls = 0

        override fun encode(objects: List<TestObject>) = json.encode(objects).also { if (++calls <= slowCalls) Thread.sleep(4) }
    }

    @Test
    fun `a series still getting faster is discarded and measured again, and the row says so`() {
        val config = BenchConfig(sizes = listOf(10), repetitions = 10, warmup = 1, warmupMillis = 0, codecs = listOf("kotlinx-json"))
        // calls: 1 to check the round trip, 1 of warm-up, then the series: its first 5 calls sleep, the other 5 do not
        val rows = CodecBenchmark(config).run(WarmingCodec(slowCalls = 7), 10).map { it.row }
        val serialize = rows.single { it.operation == Operation.SERIALIZE }
        assertThat(serialize.repeatedSeries).isBetween(1, CodecBenchmark.MAX_REPEATS)
        assertThat(serialize.repetitions).isEqualTo(10)
    }
}
