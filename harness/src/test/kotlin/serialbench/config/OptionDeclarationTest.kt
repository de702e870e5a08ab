package serialbench.config

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.data.Shape
import serialbench.run.BenchConfig
import serialbench.run.BenchProperties
import serialbench.shapes.Shapes

/**
 * An option is one declaration: a made-up one, declared in a group of its own, is read with its bound, shown in
 * the help and the docs table, handed to forks only when given, and accepted by the unknown-name check; a shape's
 * own option reaches the configuration, the catalog and the shape from the shape alone.
 */
@Order(TestOrder.UNIT)
class OptionDeclarationTest {
    private object Widgets : OptionGroup("widgets (a made-up feature)") {
        val COUNT = option("bench.widgets.count", 3, Reading.count(9), "widgets per run", common = true)
    }

    @Test
    fun `one declaration gives the value, its bound, the help, the docs row, the fork property and the known name`() {
        val given = OptionValues.read(Widgets.options, mapOf("bench.widgets.count" to " 7 ")::get)
        assertThat(given[Widgets.COUNT]).isEqualTo(7)
        assertThat(OptionValues.read(Widgets.options) { null }[Widgets.COUNT]).isEqualTo(3)
        assertThatThrownBy { OptionValues.read(Widgets.options, mapOf("bench.widgets.count" to "10")::get) }
            .hasMessage("bench.widgets.count='10': 10 is above the bound 9; allowed: a positive integer up to 9")

        assertThat(OptionsText.help(listOf(Widgets))).isEqualTo(
            "  widgets (a made-up feature):\n" +
                "    bench.widgets.count  (default: 3; allowed: a positive integer up to 9)\n" +
                "        widgets per run\n",
        )
        assertThat(OptionsText.markdownTable(listOf(Widgets), commonOnly = true))
            .contains("| `bench.widgets.count` | 3 | a positive integer up to 9 | widgets per run |")

        assertThat(given.asProperties()).isEqualTo(mapOf("bench.widgets.count" to "7"))
        assertThat(OptionValues.read(Widgets.options) { null }.asProperties()).isEmpty()
        assertThat(OptionValues.read(Widgets.options, given.asProperties()::get)).isEqualTo(given)

        val properties = mapOf("bench.widgets.count" to "7", "bench.sizes" to "10")
        BenchProperties.refuseUnknown(properties, listOf(Widgets))
        assertThatThrownBy { BenchProperties.refuseUnknown(properties) }
            .hasMessageStartingWith("bench.widgets.count='7' is not a known property")
    }

    @Test
    fun `a shape's own option is read by the run, listed by the catalog and handed to the shape and to forks`() {
        val option = Shapes.options.single()
        assertThat(option.name).isEqualTo("bench.uploadBytes")
        assertThat(BenchConfig.OPTIONS).contains(option)
        assertThat(BenchProperties.groups.flatMap { it.options }).contains(option)
        val config = BenchConfig.from(mapOf("bench.shapes" to "upload", option.name to "100"))
        assertThat(config.asProperties()).containsEntry(option.name, "100")
        val upload = config.shapeList.single()
        assertThat(upload.options).containsExactly(option)
        assertThat(upload.heapBytesPerElement).isEqualTo(2 * 100L + 4096)
        assertThat(Shapes.all.flatMap(Shape<*>::options)).containsExactlyElementsOf(Shapes.options)
    }
}
