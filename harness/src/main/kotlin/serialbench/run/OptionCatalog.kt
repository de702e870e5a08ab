package serialbench.run

import serialbench.config.OptionGroup
import serialbench.shapes.Shapes

/**
 * The harness's options, by the feature that reads them: what `--help`, the docs tables and the check of unknown
 * names ([BenchProperties]) are made from. The shapes' own options come from the registry of shapes; modules that
 * run on the harness (`e2e-http`, `jmh`) declare their own groups and add them to the check when they run.
 */
object OptionCatalog {
    /** The options the shapes declare ([Shapes.options]). */
    val SHAPES = OptionGroup("shapes (their own settings)", Shapes.options)

    val groups: List<OptionGroup> = listOf(BenchOptions, SHAPES, StreamsOptions, JvmOptions)
}
