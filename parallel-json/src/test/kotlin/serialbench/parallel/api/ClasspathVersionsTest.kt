package serialbench.parallel.api

import kotlinx.coroutines.Job
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * The suite runs twice (parallel-json/pom.xml): on the lowest supported versions, which the library compiles and
 * is published against, and on the reactor's newer ones, swapped in after compiling. Each run's classpath holds the
 * versions the build says it runs on, so neither run is the other one again.
 */
class ClasspathVersionsTest {
    @Test
    fun `the classpath holds the Kotlin, kotlinx-serialization and coroutines versions of this run of the suite`() {
        val kotlin = System.getProperty("serialbench.kotlinVersion")
        assumeTrue(kotlin != null, "run outside Maven: the build names the versions of each run of the suite")
        val serialization = System.getProperty("serialbench.kotlinxSerializationVersion")
        val coroutines = System.getProperty("serialbench.kotlinxCoroutinesVersion")

        assertThat(KotlinVersion.CURRENT.toString()).isEqualTo(kotlin)
        assertThat(jarOf(Json::class.java)).isEqualTo("kotlinx-serialization-json-jvm-$serialization.jar")
        assertThat(jarOf(Job::class.java)).isEqualTo("kotlinx-coroutines-core-jvm-$coroutines.jar")
    }

    private fun jarOf(type: Class<*>) = File(type.protectionDomain.codeSource.location.toURI()).name
}
