package serialbench.run

import serialbench.config.OptionGroup
import serialbench.config.Reading
import serialbench.shapes.Shapes

/**
 * The harness's options, by the feature that reads them: what `--help`, the docs tables and the check of unknown
 * names ([BenchProperties]) are made from. The shapes' own options come from the registry of shapes; modules that
 * run on the harness (`e2e-http`, `jmh`) declare their own groups and add them to the check when they run.
 */
object OptionCatalog {
    /** The options the shapes declare ([Shapes.options]). */
    val SHAPES = OptionGroup("shapes (their own settings)", Shapes.options)

    /** Set by the benchmark for the JVMs it starts ([ForkMain]). */
    object ForkOptions : OptionGroup("forks (set by the benchmark for the JVMs it starts; not for users)") {
        val OUTPUT = option(ForkMain.OUTPUT, "none", Reading.text("a file"), "where a fork writes its results")
        val COLD_START = option(
            ForkMain.COLD_START, "none", Reading.text("shape:size"), "the cold start a fork measures first",
        )
    }

    val groups: List<OptionGroup> = listOf(BenchOptions, SHAPES, StreamsOptions, JvmOptions, ForkOptions)
}
