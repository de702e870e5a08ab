package serialbench.http

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.config.OptionTables
import serialbench.config.OptionsText
import serialbench.run.BenchNames
import serialbench.run.BenchProperties
import serialbench.shapes.Shapes

@Order(TestOrder.UNIT)
class HttpConfigTest {
    @Test
    fun `unset properties take the documented defaults`() {
        val config = HttpConfig.from { null }

        assertThat(config.clientThreads).containsExactly(1, 8)
        assertThat(config.warmupPerThread).isEqualTo(3)
        assertThat(config.warmupMillis).isEqualTo(1_000)
        assertThat(config.requests).isEqualTo(500)
        assertThat(config.requestedMaxBodyBytes).isNull()
        assertThat(config.codecs).isEqualTo(Codecs.ids)
        assertThat(config.codecThreads).isEqualTo(Runtime.getRuntime().availableProcessors())
        assertThat(config.shapes).containsExactly("upload", "events")
        assertThat(config.shapeList.single { it.id == "upload" }.heapBytesPerElement).isEqualTo(2 * 256 * 1024L + 4096)
        assertThat(config.asProperties()).isEmpty()
    }

    @Test
    fun `without sizes, a shape sends its smallest default size and the largest whose list stays within a megabyte`() {
        assertThat(HttpConfig().sizesOf(Shapes.FLAT)).containsExactly(10, 100)
        assertThat(HttpConfig().sizesOf(Shapes.EVENTS)).containsExactly(1, 50)
        assertThat(HttpConfig().sizesOf(Shapes.UPLOAD)).containsExactly(1)
        assertThat(HttpConfig().with(HttpOptions.SIZES, listOf(7)).sizesOf(Shapes.FLAT)).containsExactly(7)
    }

    @Test
    fun `set properties are parsed and reported back`() {
        val properties = mapOf(
            "bench.codecs" to "fory, kotlinx-json",
            "bench.http.shapes" to "flat",
            "bench.http.sizes" to "10, 100",
            "bench.http.threads" to "2,4,2",
            "bench.http.warmup" to "0",
            "bench.http.warmupMillis" to "0",
            "bench.http.requests" to "50",
            "bench.http.maxBodyBytes" to "1000000",
            "bench.seed" to "-3",
            "bench.threads" to "3",
            "bench.uploadBytes" to "1024",
        )

        val config = HttpConfig.from(properties::get)

        assertThat(
            listOf(
                config.codecs, config.shapes, config.requestedSizes, config.clientThreads, config.warmupPerThread,
                config.warmupMillis, config.requests, config.requestedMaxBodyBytes, config.seed, config.codecThreads,
            ),
        ).containsExactly(
            listOf("fory", "kotlinx-json"), listOf("flat"), listOf(10, 100), listOf(2, 4), 0, 0L, 50, 1_000_000, -3L, 3,
        )
        val given = properties.mapValues { it.value.replace(" ", "") } + ("bench.http.threads" to "2,4")
        assertThat(config.asProperties()).isEqualTo(given)
        assertThat(config.inForce()).containsEntry("bench.http.shapes", "flat")
            .containsEntry("bench.uploadBytes", "1024")
        assertThat(BenchProperties.known(listOf(HttpOptions)).names).containsAll(properties.keys)
        val upload = config.with(HttpOptions.SHAPES, listOf("upload")).shapeList.single()
        assertThat((upload.generate(1, 1).single() as serialbench.shapes.upload.Upload).content).hasSize(1024)
    }

    @ParameterizedTest
    @CsvSource(
        delimiter = '|',
        value = [
            "bench.http.threads|1,x|bench.http.threads='1,x': 'x' is not a number; allowed: comma-separated " +
                "integers from 1 to 64, e.g. 1,8",
            "bench.http.threads|0|bench.http.threads='0': 0 is not positive; allowed: comma-separated integers from " +
                "1 to 64, e.g. 1,8",
            "bench.http.threads|65|bench.http.threads='65': 65 is above the bound 64; allowed: comma-separated " +
                "integers from 1 to 64, e.g. 1,8",
            "bench.http.sizes|10,-1|bench.http.sizes='10,-1': -1 is not positive; allowed: comma-separated distinct " +
                "positive integers up to 10000000, e.g. 10,1000",
            "bench.http.warmup|-1|bench.http.warmup='-1': -1 is below the bound 0; allowed: an integer from 0 to " +
                "1000 (requests per client thread)",
            "bench.http.warmupMillis|1e3|bench.http.warmupMillis='1e3': '1e3' is not a number; allowed: " +
                "milliseconds from 0 to 600000",
            "bench.http.requests|0|bench.http.requests='0': 0 is not positive; allowed: an integer from 1 to 100000",
            "bench.http.requests|1000000|bench.http.requests='1000000': 1000000 is above the bound 100000; allowed: " +
                "an integer from 1 to 100000",
            "bench.http.maxBodyBytes|0|bench.http.maxBodyBytes='0': 0 is not positive; allowed: a number of bytes " +
                "from 1 to 2147483639",
            "bench.http.maxBodyBytes|4GB|bench.http.maxBodyBytes='4GB': '4GB' is not a number; allowed: a number of " +
                "bytes from 1 to 2147483639",
            "bench.http.shapes|flat,tree|bench.http.shapes='flat,tree': unknown shape 'tree'; allowed: SHAPES",
            "bench.codecs|kotlinx-json,xml|bench.codecs='kotlinx-json,xml': unknown codec id 'xml'; allowed: CODECS",
            "bench.seed|abc|bench.seed='abc' is not a number; allowed: any 64-bit integer",
            "bench.threads|0|bench.threads='0': 0 is not positive; allowed: a positive integer up to 256",
            "bench.uploadBytes|-1|bench.uploadBytes='-1': -1 is below the bound 0; allowed: 0 to 268435456 (256 " +
                "MiB), e.g. 262144 for 256 KiB",
        ],
    )
    fun `a bad value fails with the property, the value and what is allowed`(
        name: String,
        value: String,
        message: String,
    ) {
        assertThatThrownBy { HttpConfig.from(mapOf(name to value)::get) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                message.replace(
                    "SHAPES",
                    Shapes.ids.joinToString(", "),
                ).replace("CODECS", Codecs.ids.joinToString(", ")),
            )
    }

    @Test
    fun `sizes the heap cannot hold with the configured client threads are refused before anything runs`() {
        val config = HttpConfig.from(
            mapOf("bench.http.shapes" to "flat", "bench.http.sizes" to "10,100000", "bench.http.threads" to "1,8"),
        )

        config.refuseWhatCannotFit(maxHeapBytes = 32L shl 30)
        assertThatThrownBy { config.refuseWhatCannotFit(maxHeapBytes = 1L shl 30) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage(
                "bench.http.sizes: 100000 elements of shape flat with up to 8 client threads " +
                    "need about 13281 MiB of heap " +
                    "(17 lists of 8192 bytes per element), more than half the 1024 MiB heap; " +
                    "allowed: at most 3855 elements, " +
                    "or fewer bench.http.threads, or a larger -Xmx",
            )
    }

    @Test
    fun `the run's own names are refused by the harness alone and known with this module's options`() {
        System.setProperty("bench.http.requests", "5")
        try {
            assertThat(HttpConfig.fromSystemProperties().requests).isEqualTo(5)
            assertThatThrownBy { BenchProperties.refuseUnknown(BenchProperties.ofThisJvm()) }
                .hasMessageStartingWith("bench.http.requests='5' is not a known property")
        } finally {
            System.clearProperty("bench.http.requests")
        }
    }

    @Test
    fun `every bench http name of the project is declared, and the options page's table is this module's`() {
        val names = BenchNames.all().filter { it.startsWith("bench.http.") }
        assertThat(names).contains("bench.http.requests", "bench.http.maxBodyBytes")
        assertThat(HttpOptions.names).containsAll(names)
        OptionTables.check("e2e-options", OptionsText.markdownTable(listOf(HttpOptions), commonOnly = false))
    }
}
