package serialbench.parallel.spring

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.api.FloorApi

/**
 * The converter's and auto-configuration's classes against the lowest versions the library supports (Spring Boot
 * 4.0's: Kotlin 2.2, kotlinx-serialization 1.9.0, kotlinx-coroutines 1.10.2; the jars the build copies into
 * `target/floor`). This module compiles against the reactor's newer versions, so only this check sees a use the
 * floor lacks (FloorApiTest of parallel-json-ktor shows it finding one).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FloorApiTest {
    private val floor = FloorApi(FloorApi.floorJars(FloorApiTest::class.java))

    @AfterAll
    fun close() = floor.close()

    @Test
    fun `every kotlin and kotlinx member the converter's classes use exists in the lowest supported versions`() {
        assertThat(floor.missingInModuleOf(ParallelJsonHttpMessageConverter::class.java)).isEmpty()
    }
}
