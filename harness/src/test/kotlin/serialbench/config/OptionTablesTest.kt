package serialbench.config

import java.io.File
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.run.BenchProperties

/**
 * The options tables of the README (the common options) and of docs/options.md (every option) are the registry's,
 * as `--help` is: a table edited by hand, or an option added without its docs, fails here. Run with
 * `-Dserialbench.writeDocs=true` to write the generated tables into the files instead.
 */
@Order(TestOrder.UNIT)
class OptionTablesTest {
    private val write = System.getProperty("serialbench.writeDocs") == "true"

    @Test
    fun `the README's table of common options is the registry's`() {
        check(File("README.md"), "<!-- common-options:begin -->", "<!-- common-options:end -->", OptionsText.markdownTable(BenchProperties.groups, commonOnly = true))
    }

    @Test
    fun `the options page's table of every option is the registry's`() {
        check(File("docs/options.md"), "<!-- options:begin -->", "<!-- options:end -->", OptionsText.markdownTable(BenchProperties.groups, commonOnly = false))
    }

    @Test
    fun `the generated table lists every known name once, and help names each with its default`() {
        val table = OptionsText.markdownTable(BenchProperties.groups, commonOnly = false)
        for (name in BenchProperties.names) assertThat(table).containsOnlyOnce("| `$name` |")
        val help = OptionsText.help(BenchProperties.groups)
        for (option in BenchProperties.groups.flatMap { it.options }) assertThat(help).contains("${option.name}  (default: ${option.default};")
    }

    private fun check(file: File, begin: String, end: String, table: String) {
        assertThat(file).describedAs("run in the project directory").isFile()
        val text = file.readText()
        val expected = OptionsText.replaceBetween(text, begin, end, table)
        if (write && text != expected) file.writeText(expected)
        assertThat(file.readText())
            .describedAs("${file.path}: the table between $begin and $end differs from the registry's; rerun this test with -Dserialbench.writeDocs=true to write it")
            .isEqualTo(expected)
    }
}
