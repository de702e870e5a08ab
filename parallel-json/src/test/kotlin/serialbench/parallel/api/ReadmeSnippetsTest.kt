package serialbench.parallel.api

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import java.io.File

/**
 * Every Kotlin and Java snippet of the library modules' READMEs is compiled as shown: each appears, line for line
 * (indented as a whole or not), in a source file of a project under `examples/`, which CI builds against the
 * installed library (examples/consumer with warnings as errors). A snippet edited in a README and not in its example,
 * or the other way round, fails here; one that does not compile fails the example's build.
 */
class ReadmeSnippetsTest {
    private val sources = File("examples").walk()
        .filter {
            it.isFile && (it.extension == "kt" || it.extension == "java") && "/src/" in it.invariantSeparatorsPath
        }
        .map { it to it.readLines() }
        .toList()

    @ParameterizedTest
    @ValueSource(
        strings = ["parallel-json/README.md", "parallel-json-ktor/README.md", "parallel-json-spring/README.md"],
    )
    fun `each snippet of the README appears in an example's sources as shown`(readme: String) {
        val snippets = snippets(File(readme).readLines())
        assertThat(sources).`as`("the examples' sources").isNotEmpty()
        assertThat(snippets).`as`("the Kotlin and Java snippets of $readme").isNotEmpty()

        val missing = snippets.filter { (_, lines) -> sources.none { (_, source) -> contains(source, lines) } }
            .map { (line, lines) -> "the snippet at $readme:$line, starting '${lines.first()}'" }
        assertThat(missing).`as`("snippets no example compiles as shown").isEmpty()
    }

    @Test
    fun `every install command in the READMEs and docs is the library's one`() {
        val pages = listOf(File("README.md")) + File(".").listFiles().orEmpty()
            .filter { it.name.startsWith("parallel-json") }.map { File(it, "README.md") } +
            File("docs").walk().filter { it.extension == "md" } +
            File("examples").walk().filter { it.name == "README.md" }
        val commands = pages.filter(File::isFile).flatMap { page ->
            INSTALL.findAll(page.readText()).map { "${it.value} (${page.path})" }
        }

        assertThat(commands).`as`("install commands").hasSizeGreaterThanOrEqualTo(4)
            .allSatisfy { assertThat(it).startsWith("$LIBRARY_INSTALL (") }
    }

    /** The fenced ```kotlin and ```java blocks of a README, by the line number of their fence. */
    private fun snippets(readme: List<String>): List<Pair<Int, List<String>>> {
        val blocks = mutableListOf<Pair<Int, List<String>>>()
        var start = -1
        for ((index, line) in readme.withIndex()) {
            when {
                start < 0 && (line == "```kotlin" || line == "```java") -> start = index

                start >= 0 && line == "```" -> {
                    blocks += (start + 1) to readme.subList(start + 1, index)
                    start = -1
                }
            }
        }
        check(start < 0) { "a snippet opened at line ${start + 1} is not closed" }
        return blocks
    }

    private companion object {
        const val LIBRARY_INSTALL =
            "./mvnw -pl parallel-json,parallel-json-ktor,parallel-json-spring install -Dmaven.test.skip=true"

        /** A Maven command that installs, up to the end of its line or of its inline code. */
        val INSTALL = Regex("\\./mvnw[^`\n]*\\binstall\\b[^`\n]*")
    }

    /** Whether [source] has [snippet]'s lines in a row, each after the same indentation (blank lines blank). */
    private fun contains(source: List<String>, snippet: List<String>): Boolean =
        (0..source.size - snippet.size).any { at ->
            val indent = source[at].takeWhile { it == ' ' }
            snippet.indices.all { i ->
                val line = source[at + i]
                if (snippet[i].isEmpty()) line.isBlank() else line == indent + snippet[i]
            }
        }
}
