package serialbench.results

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.report.MarkdownReport
import serialbench.report.ReportFixtures
import java.io.File

/** What a run records about what it measured: the commit, the libraries' versions, the JVM. */
@Order(TestOrder.UNIT)
class ProvenanceTest {
    private val commit = "0123456789abcdef0123456789abcdef01234567"
    private val other = "fedcba9876543210fedcba9876543210fedcba98"

    @Test
    fun `the commit is read from a checkout's HEAD and its loose ref, from any directory below it`(
        @TempDir root: File,
    ) {
        File(root, ".git/refs/heads").mkdirs()
        File(root, ".git/HEAD").writeText("ref: refs/heads/main\n")
        File(root, ".git/refs/heads/main").writeText("$commit\n")
        val below = File(root, "module/src").apply { mkdirs() }
        assertThat(GitCommit.of(below)).isEqualTo(commit)
    }

    @Test
    fun `a worktree's commit is found through its gitdir file, its common directory and packed refs`(
        @TempDir root: File,
    ) {
        val common = File(root, "main/.git").apply { mkdirs() }
        File(common, "packed-refs")
            .writeText(
                "# pack-refs with: peeled fully-peeled sorted\n$other refs/heads/main\n$commit refs/heads/stats\n",
            )
        val own = File(common, "worktrees/stats").apply { mkdirs() }
        File(own, "HEAD").writeText("ref: refs/heads/stats\n")
        File(own, "commondir").writeText("../..\n")
        val worktree = File(root, "stats").apply { mkdirs() }
        File(worktree, ".git").writeText("gitdir: ${own.path}\n")
        assertThat(GitCommit.of(worktree)).isEqualTo(commit)
    }

    @Test
    fun `a detached HEAD is the commit, and outside a checkout or with a broken one there is none`(
        @TempDir root: File,
    ) {
        val detached = File(root, "detached/.git").apply { mkdirs() }
        File(detached, "HEAD").writeText("$commit\n")
        assertThat(GitCommit.of(detached.parentFile)).isEqualTo(commit)
        val broken = File(root, "broken/.git").apply { mkdirs() }
        File(broken, "HEAD").writeText("ref: refs/heads/gone\n")
        assertThat(GitCommit.of(broken.parentFile)).isNull()
        val pointer = File(root, "pointer").apply { mkdirs() }
        File(pointer, ".git").writeText("not a gitdir line")
        assertThat(GitCommit.of(pointer)).isNull()
    }

    @Test
    fun `library versions come from the jars, as the libraries report their own`() {
        val libraries = Libraries.onClasspath()
        val jackson = libraries.single { it.group == "com.fasterxml.jackson.core" && it.artifact == "jackson-databind" }
        assertThat(jackson.version).isEqualTo(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString())
        assertThat(libraries).doesNotHaveDuplicates()
    }

    @Test
    fun `the report shows the commit and the libraries, and older files without them render as before`() {
        val environment = ReportFixtures.environment.copy(
            gitCommit = commit,
            libraries = listOf(
                LibraryVersion("com.google.code.gson", "gson", "2.11.0"),
                LibraryVersion("org.example", "lib", "1.0"),
            ),
        )
        val report = MarkdownReport.render(ReportFixtures.results.copy(environment = environment))
        assertThat(report)
            .contains("| ParallelJson threads | 2 |\n| Git commit | `$commit` |\n")
            .contains(
                "<details><summary>Libraries on the classpath (2), versions from their jars</summary>\n\n`gson` 2.11.0, `lib` 1.0\n\n</details>\n",
            )
        assertThat(MarkdownReport.render(ReportFixtures.results))
            .doesNotContain("Git commit").doesNotContain("<details>")
    }
}
