package serialbench.http

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import java.util.concurrent.TimeUnit

/** The probe of bad requests that a run makes, against a server whose limit is that of a default run's bodies. */
@Order(TestOrder.HTTP)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class BadRequestProbeTest {
    @Test
    fun `an oversized body beyond what the server reads and drops is recorded as refused, and the server serves on`() {
        val limit = (ConnectionGuard.SWALLOW_MAX_BYTES * 2).toInt()
        Codecs.create("kotlinx-json", threads = 1).use { serverCodec ->
            Codecs.create("kotlinx-json", threads = 1).use { clientCodec ->
                val elements = Shapes.FLAT.generate(TestDataGenerator.DEFAULT_SEED, 10)
                val upload = PreparedUpload(clientCodec, Shapes.FLAT, elements)
                UploadServer.start(UploadEndpoint(listOf(serverCodec), listOf(Shapes.FLAT), limit)).use { server ->
                    // Several times over: a client still writing the body when the server closes fails only at times.
                    val result = BadRequestProbe(server, List(ROUNDS) { upload }).run()

                    val oversized = result.refused.filter { it.kind == BadBody.OVERSIZED.id }
                    assertThat(oversized).hasSize(ROUNDS).allSatisfy {
                        assertThat(it.bodyBytes).isEqualTo(limit + 1)
                        assertThat(it.status).describedAs(it.message).isEqualTo(413)
                        assertThat(it.message).endsWith("is over the limit of $limit bytes (bench.http.maxBodyBytes)")
                    }
                    assertThat(result.acceptedAfter).isEqualTo(ROUNDS)
                }
            }
        }
    }

    private companion object {
        const val ROUNDS = 10
    }
}
