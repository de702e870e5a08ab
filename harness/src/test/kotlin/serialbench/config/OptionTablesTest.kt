package serialbench.config

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.run.BenchProperties
import java.io.File

/**
 * The options tables of the README (the common options) and of docs/options.md (every option of the harness) are
 * the declarations', as `--help` is ([OptionTables]). The modules `jmh` and `e2e-http` check their own tables.
 */
@Order(TestOrder.UNIT)
class OptionTablesTest {
    @Test
    fun `the README's table of common options is the declarations'`() {
        val table = OptionsText.markdownTable(BenchProperties.groups, commonOnly = true)
        OptionTables.check("common-options", table, File("README.md"))
    }

    @Test
    fun `the options page's table of every option is the declarations'`() {
        OptionTables.check("options", OptionsText.markdownTable(BenchProperties.groups, commonOnly = false))
    }

    @Test
    fun `the generated table lists every known name once, and help names each with its default`() {
        val table = OptionsText.markdownTable(BenchProperties.groups, commonOnly = false)
        for (name in BenchProperties.names) assertThat(table).containsOnlyOnce("| `$name` |")
        val help = OptionsText.help(BenchProperties.groups)
        for (option in BenchProperties.groups.flatMap { it.options }) {
            assertThat(help).contains("${option.name}  (default: ${option.shownDefault};")
        }
    }
}
