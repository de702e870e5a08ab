package serialbench.jmh

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.TestOrder
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import java.util.concurrent.TimeUnit

/**
 * What JMH times is what the harness times: the benchmark's state, set up as JMH sets it up, encodes to the
 * codec's own payload and decodes it back to the generated list, for every codec.
 */
@Order(TestOrder.UNIT)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CodecJmhBenchmarkTest {
    @ParameterizedTest
    @ValueSource(
        strings = ["kotlinx-json", "kotlinx-json-parallel", "jackson", "fastjson2-parallel", "protobuf", "fory"],
    )
    fun `the benchmark methods encode and decode the harness's data with the harness's codec`(codec: String) {
        val benchmark = CodecJmhBenchmark().apply {
            this.codec = codec
            shape = Shapes.FLAT.id
            size = 50
            seed = 7
            threads = 2
        }
        benchmark.setUp()
        try {
            val expected = Shapes.FLAT.generate(7, 50)
            val payload = benchmark.serialize()
            Codecs.create(codec, 2).use { reference ->
                assertThat(payload).isEqualTo(reference.listCodec(Shapes.FLAT).encode(expected))
            }
            assertThat(benchmark.deserialize()).isEqualTo(expected)
        } finally {
            benchmark.tearDown()
        }
    }

    @ParameterizedTest
    @ValueSource(strings = ["xml"])
    fun `an unknown codec fails at set-up, naming the valid ids`(codec: String) {
        val benchmark = CodecJmhBenchmark().apply { this.codec = codec }
        assertThatThrownBy {
            benchmark.setUp()
        }.hasMessageContaining("unknown codec id 'xml'").hasMessageContaining(Codecs.ids.first())
    }
}
