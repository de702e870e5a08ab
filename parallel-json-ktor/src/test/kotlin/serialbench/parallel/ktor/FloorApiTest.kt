package serialbench.parallel.ktor

import com.tngtech.archunit.core.importer.ClassFileImporter
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.api.FloorApi
import serialbench.parallel.ktor.fixtures.NewerThanFloor

/**
 * The converter's classes against the lowest versions the library supports (parallel-json/README.md: Kotlin 2.2,
 * kotlinx-serialization 1.9.0, kotlinx-coroutines 1.10.2; the jars the build copies into `target/floor`). This
 * module compiles against the reactor's newer versions, so only this check sees a use the floor lacks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FloorApiTest {
    private val floor = FloorApi(FloorApi.floorJars(FloorApiTest::class.java))

    @AfterAll
    fun close() = floor.close()

    @Test
    fun `every kotlin and kotlinx member the converter's classes use exists in the lowest supported versions`() {
        assertThat(floor.missingInModuleOf(ParallelJsonConverter::class.java)).isEmpty()
    }

    @Test
    fun `a use newer than the floor is found, naming it and the class that uses it`() {
        val user = NewerThanFloor::class.java.name
        val missing = floor.missing(ClassFileImporter().importClasses(NewerThanFloor::class.java))

        assertThat(missing).contains(
            "kotlinx.serialization.json.JsonDecodingException (a class) used by $user",
            "kotlinx.coroutines.Job.cancel\$default(kotlinx.coroutines.Job, " +
                "java.util.concurrent.CancellationException, int, java.lang.Object) used by $user",
        )
    }
}
