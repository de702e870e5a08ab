package serialbench.cli

import serialbench.config.OptionGroup
import serialbench.files.Directories
import serialbench.report.ReportFiles
import serialbench.report.ReportInputs
import serialbench.report.RunComparison
import serialbench.run.BenchConfig
import serialbench.run.BenchOptions
import serialbench.run.BenchProperties
import serialbench.run.BenchmarkProgram
import serialbench.run.JvmOptions
import serialbench.run.OptionCatalog
import serialbench.run.StreamsBench
import serialbench.run.StreamsOptions
import java.io.File
import java.io.IOException
import java.io.PrintStream
import java.io.UncheckedIOException
import kotlin.system.exitProcess

/**
 * The benchmark as a program: `java -jar harness/target/serialbench.jar COMMAND [ARGUMENTS]` after
 * `./mvnw package -DskipTests` (the jar names its libraries in `harness/target/lib/`). Commands:
 * - `run [bench.<name>=<value> ...]`: the benchmark, as `-Dgroups=perf` runs it, writing into `target/`;
 * - `compare OLD.json NEW.json`: the comparison of two results files, as markdown on standard output;
 * - `report RESULTS.json [--previous P.json] [--jmh J.json] [--e2e E.json] [--out DIR]`: every output format
 *   from those files alone;
 * - `streams [bench.streams.sizes=...]`: ParallelJson on files against kotlinx's stream functions;
 * - `help` (or `--help`): this, and every option with its default and bound.
 *
 * Options are `bench.<name>=<value>` (also written `--bench.<name>=<value>` or `-Dbench.<name>=<value>`), the
 * same names as the Maven build's `-D` properties, read into the run's configuration (the forks are started with
 * it). An unknown name is refused with the nearest known one. Exit status: 0 done, 1 failed, 2 bad command line,
 * 3 regressions beyond `bench.baseline.failOn`.
 */
object Main {
    @JvmStatic
    fun main(args: Array<String>) {
        exitProcess(run(args.toList(), System.out, System.err))
    }

    /** Runs [args] and returns the exit status; writes results to [out] and diagnostics to [err]. */
    fun run(args: List<String>, out: PrintStream, err: PrintStream): Int {
        val command = args.firstOrNull() ?: return usage(err, "no command")
        val rest = args.drop(1)
        return try {
            when (command) {
                "help", "--help", "-h" -> 0.also { out.print(Usage.text()) }
                "run" -> runBenchmark(rest, out, err)
                "compare" -> compare(rest, out)
                "report" -> report(rest, out)
                "streams" -> streams(rest, out)
                else -> usage(err, "unknown command '$command'")
            }
        } catch (e: CommandLineException) {
            usage(err, e.message.orEmpty())
        } catch (e: IllegalArgumentException) {
            failed(err, command, e.message)
        } catch (e: IOException) {
            failed(err, command, e.message ?: e.toString())
        } catch (e: UncheckedIOException) {
            failed(err, command, e.cause?.message ?: e.message)
        } catch (e: RuntimeException) {
            // not a bad input this program knows of: the one line first, then the trace for a bug report
            failed(err, command, "failed: $e").also { e.printStackTrace(err) }
        }
    }

    /** One line naming the command and what went wrong; status 1. */
    private fun failed(err: PrintStream, command: String, problem: String?): Int {
        err.println("serialbench $command: $problem")
        return 1
    }

    private fun usage(err: PrintStream, problem: String): Int {
        err.println("serialbench: $problem")
        err.println(
            "usage: serialbench run|compare|report|streams|help ... ; " +
                "`serialbench help` lists every command and option",
        )
        return 2
    }

    private fun runBenchmark(args: List<String>, out: PrintStream, err: PrintStream): Int {
        val config = BenchConfig.from(options(args, "run", OptionCatalog.groups - StreamsOptions))
        require(config.forks != 0 || config.jvmArgs == null) {
            "${JvmOptions.JVM_ARGS}='${config.jvmArgs}' has no effect with ${BenchOptions.FORKS}=0: the program then " +
                "measures in its own JVM; start that one with the flags (java FLAGS -jar serialbench.jar run ...)"
        }
        val outcome = BenchmarkProgram(config, ReportFiles.inBuildDirectory()) { out.println("[bench] $it") }.run()
        val regressions = outcome.regressionMessage ?: return 0
        err.println(regressions)
        return 3
    }

    private fun compare(args: List<String>, out: PrintStream): Int {
        if (args.size != 2) {
            throw CommandLineException(
                "compare takes two results files, OLD.json NEW.json; got ${args.size} argument(s)",
            )
        }
        val (previous, current) = args.map { ReportFiles.readResults(existing(it, "results file")) }
        out.print(buildString { RunComparison.render(this, previous, current) })
        return 0
    }

    private fun report(args: List<String>, out: PrintStream): Int {
        val flags = Flags.parse(args, setOf("--previous", "--jmh", "--e2e", "--out"))
        val resultsFile = existing(flags.single("results file (RESULTS.json)"), "results file")
        val inputs = ReportInputs(
            results = ReportFiles.readResults(resultsFile),
            previous = flags["--previous"]?.let {
                ReportFiles.readResults(existing(it, "--previous"), "--previous $it")
            },
            jmh = flags["--jmh"]?.let { ReportFiles.readJmh(existing(it, "--jmh"), "--jmh $it") },
            e2e = flags["--e2e"]?.let { ReportFiles.readE2e(existing(it, "--e2e"), "--e2e $it") },
        )
        val files = ReportFiles(flags["--out"]?.let { writable(it, "--out") } ?: resultsFile.absoluteFile.parentFile)
        files.write(inputs)
        out.println("report: ${files.markdown.path}")
        return 0
    }

    private fun streams(args: List<String>, out: PrintStream): Int {
        val options = options(args, "streams", listOf(StreamsOptions))
        out.print(StreamsBench.from(options::get, ReportFiles.buildDirectory()).run())
        return 0
    }

    /**
     * The `bench.*` options of this JVM (`java -Dbench.<name>=<value> -jar ...`) overridden by [args]
     * (`bench.<name>=<value>`), after refusing other arguments, unknown names, and arguments that give a name twice,
     * no value, or an option of another command than [command], which reads those of [groups].
     */
    private fun options(args: List<String>, command: String, groups: List<OptionGroup>): Map<String, String> {
        val given = args.map { argument ->
            val option = argument.removePrefix("--").removePrefix("-D")
            val name = option.substringBefore('=')
            if (!name.startsWith(BenchProperties.PREFIX) || '=' !in option) {
                throw CommandLineException(
                    "'$argument' is not an option; options are ${BenchProperties.PREFIX}<name>=<value>",
                )
            }
            name to option.substringAfter('=')
        }
        for ((name, values) in given.groupBy({ it.first }, { it.second })) {
            require(values.size == 1) { "$name given ${values.size} times (${values.joinToString { "'$it'" }})" }
            require(values.single().isNotBlank()) {
                "$name='${values.single()}': no value; give one, or leave the option out for its default"
            }
        }
        val options = BenchProperties.ofThisJvm() + given
        BenchProperties.refuseUnknown(options)
        // Only the arguments: a build may set the JVM's properties of every command.
        val own = groups.flatMap { it.names }.toSet()
        val others = given.map { it.first }.filter { it !in own }.distinct().sorted()
        require(others.isEmpty()) {
            "${others.joinToString()}: not an option of `$command`; `serialbench help` lists the options by feature"
        }
        given.firstOrNull { (name, _) -> name in BUILD_ONLY }?.let { (name, value) ->
            throw IllegalArgumentException("$name='$value' has no effect in the program: ${BUILD_ONLY[name]}")
        }
        return options
    }

    /** The options only the Maven build reads, by name, with what they do there. */
    private val BUILD_ONLY = mapOf(
        JvmOptions.PARENT_JVM_ARGS.name to "it sets the flags of the build's JVM that starts the forks; this " +
            "program's JVM runs with the flags it was started with (java -Xmx... -jar ...)",
        StreamsOptions.ENABLED.name to "it lets the build run StreamsBenchTest; `streams` runs without it",
    )

    private fun existing(path: String, what: String): File = ReportFiles.existing(File(path), "$what $path")

    private fun writable(path: String, what: String): File = File(path).also {
        val problem = Directories.problem(it)
        require(problem == null) {
            "$what ${it.path}: $problem (absolute path ${it.absolutePath}); allowed: a writable directory"
        }
    }
}
