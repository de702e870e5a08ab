package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import java.io.File

/**
 * The `bench.*` names the project's files hold, found by reading them (the tests run in the project directory):
 * the main sources' string literals, the names the tests read, the build's, CI's and the documentation's.
 * [BenchPropertiesSourceTest] checks the harness's; the modules running on the harness check their own families
 * ([OTHER_MODULES]) with [all].
 */
object BenchNames {
    /** The families of names that modules running on the harness declare (`jmh`, `e2e-http`). */
    val OTHER_MODULES = listOf("bench.jmh.", "bench.http.")

    /** The documentation's example of a misspelt name (docs/options.md), which must stay unknown. */
    val DOCUMENTED_MISSPELLINGS = setOf("bench.repetition")

    private const val NAME = """(bench\.[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9])"""

    /** A whole string literal that is a name (not a prefix such as `"bench.fork."`). */
    val LITERAL = Regex("\"$NAME\"")

    /** Read in a test: `System.getProperty("bench.x"...` or `@EnabledIfSystemProperty(named = "bench.x"...`. */
    val READ_IN_TESTS = Regex("""(?:getProperty\(|named\s*=\s*)"$NAME"""")

    /** A `<bench.x>` property of the pom. */
    val POM_PROPERTY = Regex("<$NAME>")

    /** A name in prose or a command line, not part of a package name nor a family such as `bench.http.*`. */
    val MENTION = Regex("""(?:(?<=-D)|(?<![\w.]))$NAME(?!\.?[\w*])""")

    /** Every name of the main sources, the tests, the build, CI and the docs (not the docs' misspellings). */
    fun all(): Set<String> = namesIn(sources("src/main"), LITERAL) + namesIn(sources("src/test"), READ_IN_TESTS) +
        namesIn(listOf(file("pom.xml")) + modules().map { File(it, "pom.xml") }, POM_PROPERTY) +
        namesIn(listOf(file(".ci/run")) + documentation(), MENTION) - DOCUMENTED_MISSPELLINGS

    fun file(path: String): File =
        File(path).also { assertThat(it).describedAs("run in the project directory").isFile() }

    /** The README and every markdown page under `docs/` (the measurements included). */
    fun documentation(): List<File> {
        val pages = File("docs").walkTopDown().filter { it.isFile && it.extension == "md" }.sorted().toList()
        assertThat(pages).describedAs("markdown pages under docs/").isNotEmpty()
        return listOf(file("README.md")) + pages
    }

    /** The Maven modules: the folders of the project directory with a `pom.xml`. */
    fun modules(): List<File> = File(".").listFiles { it: File -> File(it, "pom.xml").isFile }.orEmpty().sorted()
        .also { assertThat(it).describedAs("modules of the project directory").isNotEmpty() }

    /** The Kotlin and Java files under [root] (`src/main` or `src/test`) of every module. */
    fun sources(root: String): List<File> {
        val directories = modules().map { File(it, root) }.filter { it.isDirectory }
        assertThat(directories).describedAs("run in the project directory").isNotEmpty()
        return directories.flatMap { directory ->
            directory.walkTopDown().filter { it.isFile && it.extension in setOf("kt", "java") }
        }
    }

    fun namesIn(files: List<File>, pattern: Regex): Set<String> =
        files.flatMap { file -> pattern.findAll(file.readText()).map { it.groupValues[1] } }.toSortedSet()
}
