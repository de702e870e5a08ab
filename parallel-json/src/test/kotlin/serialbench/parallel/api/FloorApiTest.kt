package serialbench.parallel.api

import com.tngtech.archunit.core.importer.ClassFileImporter
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.ParallelJson
import serialbench.parallel.fixtures.NewerThanFloor
import java.nio.file.Path

/**
 * The library's classes against the lowest versions it supports (parallel-json/README.md: Kotlin 2.2,
 * kotlinx-serialization 1.9.0, kotlinx-coroutines 1.10.2; the jars the build copies into `target/floor`).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FloorApiTest {
    private val floor = FloorApi(FloorApi.floorJars(FloorApiTest::class.java))

    @AfterAll
    fun close() = floor.close()

    @Test
    fun `every kotlin and kotlinx member the library's classes use exists in its lowest supported versions`() {
        val classes = Path.of(ParallelJson::class.java.protectionDomain.codeSource.location.toURI())
        val library = ClassFileImporter().importPath(classes)
        assertThat(library.map { it.name }).contains(ParallelJson::class.java.name).hasSizeGreaterThan(20)

        assertThat(floor.missing(library)).isEmpty()
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
