package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Every `bench.*` name the project reads or documents is declared, found by reading the project's files (the tests
 * run in the project directory): a name added to the code, the build, CI, the README or the pages of `docs/`
 * without its declaration would be refused as unknown by every run that sets it. The harness's names are in
 * [BenchProperties]; those of the modules that run on it ([BenchNames.OTHER_MODULES]) are checked by those modules
 * ([BenchNames] finds them for their tests).
 */
@Order(TestOrder.UNIT)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class BenchPropertiesSourceTest {
    @Test
    fun `every bench name in a string literal of the main sources is known`() {
        val used = BenchNames.namesIn(BenchNames.sources("src/main"), BenchNames.LITERAL)
        assertThat(used).contains("bench.sizes", "bench.forks", "bench.jmh.forks", "bench.http.threads")
        assertThat(BenchProperties.names).containsAll(harnessOnly(used))
    }

    @Test
    fun `every bench name the tests read as a property is known`() {
        val used = BenchNames.namesIn(BenchNames.sources("src/test"), BenchNames.READ_IN_TESTS)
        assertThat(used).contains("bench.streams")
        assertThat(BenchProperties.names).containsAll(harnessOnly(used))
    }

    @Test
    fun `every bench name of the build, CI, README and docs is known`() {
        val poms = listOf(BenchNames.file("pom.xml")) + BenchNames.modules().map { File(it, "pom.xml") }
        val build = BenchNames.namesIn(poms, BenchNames.POM_PROPERTY) +
            BenchNames.namesIn(listOf(BenchNames.file(".ci/run")), BenchNames.MENTION)
        assertThat(build).contains("bench.jvmArgs", "bench.sizes", "bench.jmh.codecs", "bench.http.requests")
        assertThat(BenchProperties.names).containsAll(harnessOnly(build))
        val documented = BenchNames.namesIn(BenchNames.documentation(), BenchNames.MENTION)
        assertThat(
            documented,
        ).contains("bench.robustness.cases", "bench.forks", "bench.input", "bench.http.maxBodyBytes")
        assertThat(BenchProperties.names).containsAll(harnessOnly(documented) - BenchNames.DOCUMENTED_MISSPELLINGS)
        assertThat(BenchProperties.names).doesNotContainAnyElementsOf(BenchNames.DOCUMENTED_MISSPELLINGS)
    }

    @Test
    fun `the scan finds a name added to a source`() {
        // Quotes spliced in, so that this file's own text holds no property read for the scan of the tests to find.
        val q = "\""
        val text = "const val NEW = ${q}bench.newThing$q\nval prefix = ${q}bench.fork.$q\n" +
            "System.getProperty(${q}bench.other.name$q, ${q}1$q)"
        fun found(pattern: Regex, text: String) = pattern.findAll(text).map { it.groupValues[1] }.toList()
        assertThat(found(BenchNames.LITERAL, text)).containsExactly("bench.newThing", "bench.other.name")
        assertThat(found(BenchNames.READ_IN_TESTS, text)).containsExactly("bench.other.name")
        assertThat(found(BenchNames.MENTION, "-Dbench.a.b=1, bench.http.* and serialbench.run.X; see bench.forks."))
            .containsExactly("bench.a.b", "bench.forks")
        assertThat(BenchProperties.names).doesNotContain("bench.newThing", "bench.other.name", "bench.a.b")
    }

    private fun harnessOnly(names: Set<String>): Set<String> =
        names.filterNot { name -> BenchNames.OTHER_MODULES.any(name::startsWith) }.toSet()
}
