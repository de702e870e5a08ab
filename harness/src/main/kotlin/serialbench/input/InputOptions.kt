package serialbench.input

import serialbench.config.Option
import serialbench.config.Reading
import java.io.File

/** The option naming the user's JSON file, read by the run (tree mode) and by the user's own types (`bench.model`). */
object InputOptions {
    val INPUT: Option<File?> = Option(
        "bench.input",
        null,
        Reading<File>("a JSON file", File::getPath) { _, raw -> File(raw).also(InputDocument::requireReadableFile) }
            .optional(),
        "your own JSON file, measured in every JSON library's tree (with bench.model, as your classes); the " +
            "built-in shapes then run only if bench.shapes is given",
        common = true,
    )
}
