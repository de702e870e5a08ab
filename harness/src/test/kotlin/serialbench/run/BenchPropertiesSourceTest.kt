package serialbench.run

import java.io.File
import java.util.concurrent.TimeUnit
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder

/**
 * Every `bench.*` name the project reads or documents is in [BenchProperties], found by reading the project's files
 * (the tests run in the project directory): a name added to the code, the build, CI, the README or the pages of
 * `docs/` without its registry entry would be refused as unknown by every run that sets it.
 */
@Order(TestOrder.UNIT)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class BenchPropertiesSourceTest {
    @Test
    fun `every bench name in a string literal of the main sources is known`() {
        val used = namesIn(sources("src/main"), LITERAL)
        assertThat(used).contains("bench.sizes", "bench.forks", "bench.jmh.forks", "bench.http.threads")
        assertThat(BenchProperties.names).containsAll(used)
    }

    @Test
    fun `every bench name the tests read as a property is known`() {
        val used = namesIn(sources("src/test"), READ_IN_TESTS)
        assertThat(used).contains("bench.streams")
        assertThat(BenchProperties.names).containsAll(used)
    }

    @Test
    fun `every bench name of the build, CI, README and docs is known`() {
        val build = namesIn(listOf(file("pom.xml")) + modules().map { File(it, "pom.xml") }, POM_PROPERTY) + namesIn(listOf(file(".ci/run")), MENTION)
        assertThat(build).contains("bench.jvmArgs", "bench.sizes", "bench.jmh.codecs", "bench.http.requests")
        assertThat(BenchProperties.names).containsAll(build)
        val documented = namesIn(documentation(), MENTION)
        assertThat(documented).contains("bench.robustness.cases", "bench.forks", "bench.input", "bench.http.maxBodyBytes")
        assertThat(BenchProperties.names).containsAll(documented - DOCUMENTED_MISSPELLINGS)
        assertThat(BenchProperties.names).doesNotContainAnyElementsOf(DOCUMENTED_MISSPELLINGS)
    }

    @Test
    fun `the scan finds a name added to a source`() {
        // Quotes spliced in, so that this file's own text holds no property read for the scan of the tests to find.
        val q = "\""
        val text = "const val NEW = ${q}bench.newThing$q\nval prefix = ${q}bench.fork.$q\nSystem.getProperty(${q}bench.other.name$q, ${q}1$q)"
        assertThat(LITERAL.findAll(text).map { it.groupValues[1] }.toList()).containsExactly("bench.newThing", "bench.other.name")
        assertThat(READ_IN_TESTS.findAll(text).map { it.groupValues[1] }.toList()).containsExactly("bench.other.name")
        assertThat(MENTION.findAll("-Dbench.a.b=1, bench.http.* and serialbench.run.X; see bench.forks.").map { it.groupValues[1] }.toList())
            .containsExactly("bench.a.b", "bench.forks")
        assertThat(BenchProperties.names).doesNotContain("bench.newThing", "bench.other.name", "bench.a.b")
    }

    private fun file(path: String): File = File(path).also { assertThat(it).describedAs("run in the project directory").isFile() }

    /** The README and every markdown page under `docs/` (the measurements included). */
    private fun documentation(): List<File> {
        val pages = File("docs").walkTopDown().filter { it.isFile && it.extension == "md" }.sorted().toList()
        assertThat(pages).describedAs("markdown pages under docs/").isNotEmpty()
        return listOf(file("README.md")) + pages
    }

    /** The Maven modules: the folders of the project directory with a `pom.xml`. */
    private fun modules(): List<File> =
        File(".").listFiles { it: File -> File(it, "pom.xml").isFile }.orEmpty().sorted()
            .also { assertThat(it).describedAs("modules of the project directory").isNotEmpty() }

    /** The Kotlin and Java files under [root] (`src/main` or `src/test`) of every module. */
    private fun sources(root: String): List<File> {
        val directories = modules().map { File(it, root) }.filter { it.isDirectory }
        assertThat(directories).describedAs("run in the project directory").isNotEmpty()
        return directories.flatMap { directory -> directory.walkTopDown().filter { it.isFile && it.extension in setOf("kt", "java") } }
    }

    private fun namesIn(files: List<File>, pattern: Regex): Set<String> =
        files.flatMap { file -> pattern.findAll(file.readText()).map { it.groupValues[1] } }.toSortedSet()

    private companion object {
        private const val NAME = """(bench\.[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9])"""

        /** A whole string literal that is a name (not a prefix such as `"bench.fork."`). */
        val LITERAL = Regex("\"$NAME\"")

        /** Read in a test: `System.getProperty("bench.x"...` or `@EnabledIfSystemProperty(named = "bench.x"...`. */
        val READ_IN_TESTS = Regex("""(?:getProperty\(|named\s*=\s*)"$NAME"""")

        /** A `<bench.x>` property of the pom. */
        val POM_PROPERTY = Regex("<$NAME>")

        /** A name in prose or a command line, not part of a package name nor a family such as `bench.http.*`. */
        val MENTION = Regex("""(?:(?<=-D)|(?<![\w.]))$NAME(?!\.?[\w*])""")

        /** The documentation's example of a misspelt name (docs/options.md), which must stay unknown. */
        val DOCUMENTED_MISSPELLINGS = setOf("bench.repetition")
    }
}
