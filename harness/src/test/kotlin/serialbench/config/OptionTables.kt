package serialbench.config

import org.assertj.core.api.Assertions.assertThat
import java.io.File

/**
 * Checks a generated options table against the one in a page (the tests run in the project directory), shared by
 * the modules that declare options: a table edited by hand, or an option added without its docs, fails. With
 * `-Dserialbench.writeDocs=true` the generated table is written into the page instead.
 */
object OptionTables {
    private val write = System.getProperty("serialbench.writeDocs") == "true"

    /** [table] is the one between `<!-- [marker]:begin -->` and `<!-- [marker]:end -->` of [file]. */
    fun check(marker: String, table: String, file: File = File("docs/options.md")) {
        val begin = "<!-- $marker:begin -->"
        val end = "<!-- $marker:end -->"
        assertThat(file).describedAs("run in the project directory").isFile()
        val text = file.readText()
        val expected = OptionsText.replaceBetween(text, begin, end, table)
        if (write && text != expected) file.writeText(expected)
        assertThat(file.readText())
            .describedAs(
                "${file.path}: the table between $begin and $end differs from the declarations; " +
                    "rerun this test with -Dserialbench.writeDocs=true to write it",
            )
            .isEqualTo(expected)
    }
}
