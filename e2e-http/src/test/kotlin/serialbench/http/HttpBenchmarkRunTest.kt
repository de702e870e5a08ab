package serialbench.http

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import java.net.ConnectException
import java.net.Socket
import java.util.concurrent.TimeUnit

/** A short end-to-end run in every mode, and what is left once a run or a server has stopped: nothing. */
@Order(TestOrder.HTTP)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class HttpBenchmarkRunTest {
    @Test
    fun `a short run uploads every codec in every mode, counts the connections and refuses every bad body`() {
        val config = HttpConfig.from(
            mapOf(
                "bench.codecs" to "kotlinx-json,kotlinx-json-parallel,fory",
                "bench.http.shapes" to "flat",
                "bench.http.sizes" to "5,50",
                "bench.http.threads" to "1,3",
                "bench.http.warmup" to "2",
                "bench.http.requests" to "9",
                "bench.http.warmupMillis" to "50",
                "bench.threads" to "2",
            ),
        )
        val threadsBefore = liveThreads()

        val results = HttpBenchmark(config).run()

        assertThat(results.rows.map { listOf(it.codec, it.size, it.threads, it.pooled) }).containsExactlyElementsOf(
            listOf(5, 50).flatMap { size ->
                config.codecs.flatMap { codec ->
                    listOf(1, 3).flatMap { threads -> listOf(false, true).map { listOf(codec, size, threads, it) } }
                }
            },
        )
        assertThat(results.rows).allSatisfy { row ->
            assertThat(row.requests).isEqualTo(9)
            assertThat(row.warmupRequests).isEqualTo(2 * row.threads)
            if (row.pooled) {
                assertThat(row.connectionsOpened).isBetween(1, row.threads)
            } else {
                assertThat(row.connectionsOpened).isEqualTo(9 + 2 * row.threads)
            }
            assertThat(row.minNanos.toDouble()).isLessThanOrEqualTo(row.medianNanos).isLessThanOrEqualTo(row.p99Nanos)
            assertThat(row.p99Nanos).isLessThanOrEqualTo(row.maxNanos.toDouble())
            assertThat(row.clientEncodeMeanNanos + row.serverDecodeMeanNanos).isPositive().isLessThan(row.meanNanos)
            assertThat(row.totalWallNanos).isPositive()
            assertThat(row.requestsPerSecond).isEqualTo(9 / (row.totalWallNanos / 1e9))
            assertThat(
                row.megabytesPerSecond,
            ).isCloseTo(
                row.requestsPerSecond * row.requestBytes / 1e6,
                org.assertj.core.data.Percentage.withPercentage(1e-9),
            )
        }
        Codecs.create("fory").use { fory ->
            val body = PreparedUpload(fory, Shapes.FLAT, Shapes.FLAT.generate(config.seed, 50)).body
            assertThat(
                results.rows.filter {
                    it.codec == "fory" && it.size == 50
                }.map { it.requestBytes }.distinct(),
            ).containsExactly(body.size)
        }
        assertThat(results.refused.map { it.codec to it.kind }).containsExactlyInAnyOrderElementsOf(
            // every codec carries another shape than flat, so every kind applies
            config.codecs.flatMap { codec -> BadBody.entries.map { codec to it.id } },
        )
        assertThat(results.refused).allSatisfy {
            assertThat(it.status).isEqualTo(
                if (it.kind == "oversized") {
                    413
                } else {
                    400
                },
            )
        }
        assertThat(results.acceptedAfterRefused).isEqualTo(3)
        assertThat(results.method.maxBodyBytes).isEqualTo(
            HttpConfig.DEFAULT_BODY_LIMIT_FACTOR * results.rows.maxOf {
                it.requestBytes
            },
        )
        assertThat(results.stack.serverVersion).isEqualTo("3.5.2")
        assertThat(results.stack.clientVersion).isEqualTo("5.6.5")
        assertThat(results.stack.engineVersion).startsWith("4.")
        assertNoThreadLeftBut(threadsBefore)
    }

    @Test
    fun `after stop nothing listens and no thread of the server or its clients is left`() {
        val threadsBefore = liveThreads()
        val codec = Codecs.create("kotlinx-json")
        val upload = PreparedUpload(codec, Shapes.FLAT, Shapes.FLAT.generate(1, 3))
        val server = UploadServer.start(UploadEndpoint(listOf(codec), listOf(Shapes.FLAT), 1 shl 20))
        val port = server.port
        for (pooled in listOf(false, true)) {
            UploadClient(server.baseUri, pooled).use { client ->
                LoadRun(upload, threads = 2, warmupPerThread = 1, requests = 4).run(client)
            }
        }
        Socket(UploadServer.HOST, port).close()

        server.close()
        codec.close()

        assertThatThrownBy { Socket(UploadServer.HOST, port).close() }.isInstanceOf(ConnectException::class.java)
        assertNoThreadLeftBut(threadsBefore)
    }

    @Test
    fun `a run that cannot start its server or prepare its data leaves nothing behind and says why`() {
        val threadsBefore = liveThreads()
        val config = HttpConfig.from(
            mapOf(
                "bench.codecs" to "kotlinx-json",
                "bench.http.shapes" to "flat",
                "bench.http.sizes" to "100",
                "bench.http.maxBodyBytes" to "1000",
            ),
        )

        assertThatThrownBy { HttpBenchmark(config).run() }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith(
                "bench.http.maxBodyBytes='1000' is smaller than the largest body of this run (codec kotlinx-json, shape flat, N = 100: ",
            )
        assertNoThreadLeftBut(threadsBefore)
    }

    private fun liveThreads(): Set<Thread> = Thread.getAllStackTraces().keys.filter { it.isAlive }.toSet()

    /**
     * No thread started since [before] is still alive, after up to 10 s for pools to wind down, except the JVM-wide
     * daemon pools of the libraries (coroutines, the common fork-join pool, Fory's weak-map cleaner, ParallelJson's
     * shared pool, whose idle threads end after a minute), which serve the JVM whoever started them.
     */
    private fun assertNoThreadLeftBut(before: Set<Thread>) {
        val deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
        fun left() = liveThreads().filter {
            it !in before && !(it.isDaemon && JVM_WIDE_DAEMONS.any(it.name::startsWith))
        }
        while (left().isNotEmpty() && System.nanoTime() < deadlineNanos) Thread.sleep(50)
        assertThat(left().map { "${it.name} (daemon: ${it.isDaemon})" }).isEmpty()
    }

    private companion object {
        val JVM_WIDE_DAEMONS = listOf(
            "DefaultDispatcher-worker-",
            "kotlinx.coroutines.DefaultExecutor",
            "ForkJoinPool.commonPool-worker-",
            "fory-",
            "ParallelJson-",
        )
    }
}
