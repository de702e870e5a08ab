package serialbench.cli

import serialbench.config.OptionsText
import serialbench.run.BenchProperties

/** The program's `help`: its commands, then every option. */
object Usage {
    fun text(): String = buildString {
        appendLine("serialbench: which serialization codec is fastest for your data, on your path, and by how much")
        appendLine()
        appendLine("usage: java -jar harness/target/serialbench.jar COMMAND [ARGUMENTS]")
        appendLine()
        appendLine("commands:")
        appendLine("  run [bench.<name>=<value> ...]")
        appendLine("$INDENT the benchmark; writes target/benchmark-report.md, -results.json, charts")
        append("  compare OLD.json NEW.json    ")
        appendLine("the comparison of two results files, as markdown, without running anything")
        appendLine("  report RESULTS.json [--previous P.json] [--jmh J.json] [--e2e E.json] [--out DIR]")
        appendLine("$INDENT every output format from those files alone (default DIR: RESULTS.json's)")
        appendLine("  streams [bench.streams.sizes=N,... bench.streams.repetitions=N]")
        appendLine("$INDENT ParallelJson on files against kotlinx's stream functions")
        appendLine("  help                         this text")
        appendLine()
        appendLine("exit status: 0 done, 1 failed, 2 bad command line, 3 regressions beyond bench.baseline.failOn")
        appendLine()
        appendLine("options (bench.<name>=<value>; the same as the build's -Dbench.<name>=<value>):")
        append(OptionsText.help(BenchProperties.groups))
    }

    /** Where a command's description starts, one column less. */
    private val INDENT = " ".repeat(30)
}
