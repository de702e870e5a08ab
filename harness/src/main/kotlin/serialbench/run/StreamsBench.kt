package serialbench.run

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode.ARRAY_WRAPPED
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.encodeToStream
import serialbench.config.OptionValues
import serialbench.files.Directories
import serialbench.parallel.ParallelJson
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.flat.TestObject
import java.io.File
import java.lang.management.ManagementFactory
import java.util.Locale

/**
 * ParallelJson on files against kotlinx's own stream functions: decode from a file (whole list, and time to the
 * first element), encode to a buffered file, and the bytes each allocates. Checks the results before timing
 * (a mismatch throws); interleaves the two sides; writes its files under [directory]. Run it alone, on a quiet
 * machine (`docs/io-and-streaming.md`).
 */
@OptIn(ExperimentalSerializationApi::class)
class StreamsBench(
    private val sizes: List<Int>,
    private val repetitions: Int,
    private val directory: File,
    private val warmUpNanos: Long = WARM_UP_NANOS,
) {
    init {
        require(sizes.isNotEmpty() && sizes.all { it > 0 }) {
            "${StreamsOptions.SIZES}: sizes must be positive: $sizes"
        }
        require(repetitions > 0) { "${StreamsOptions.REPETITIONS}: repetitions must be positive: $repetitions" }
    }

    private val list = ListSerializer(TestObject.serializer())

    /** Measures every size; returns the markdown report, also written to `streams-report.md` in [directory]. */
    fun run(): String {
        Directories.create(directory)
        val lines = mutableListOf(
            "| N | operation | Json median | ParallelJson median | speedup | Json allocated | ParallelJson allocated |",
            "|---:|:---|---:|---:|---:|---:|---:|",
        )
        ParallelJson(Json).use { parallel ->
            for (size in sizes) {
                val objects = TestDataGenerator().objects(size)
                val file = File(directory, "streams-bench-$size.json")
                file.outputStream().buffered().use { Json.encodeToStream(list, objects, it) }
                val out = File(directory, "streams-bench-out.json")
                try {
                    check(
                        file.inputStream().use {
                            parallel.decodeFromStream(ListSerializer(TestObject.serializer()), it)
                        } == objects,
                    ) {
                        "ParallelJson decoded ${file.path} ($size elements) to another list than Json's"
                    }
                    out.outputStream().buffered().use { parallel.encodeToStream(list, objects, it) }
                    check(out.readBytes().contentEquals(file.readBytes())) {
                        "ParallelJson encoded $size elements to other bytes than Json's (${out.path} against " +
                            "${file.path})"
                    }
                    val decode = compare(
                        { file.inputStream().use { Json.decodeFromStream(list, it).size } },
                        {
                            file.inputStream().use {
                                parallel.decodeFromStream(ListSerializer(TestObject.serializer()), it).size
                            }
                        },
                    )
                    lines += row(size, "decode from file", decode)
                    val first =
                        measure {
                            file.inputStream().use {
                                val elements = parallel.decodeToSequence(it, TestObject.serializer(), ARRAY_WRAPPED)
                                elements.first().value
                            }
                        }
                    lines += "| $size | first element (ParallelJson) | | ${millis(first.medianNanos)} " +
                        "(${percent(first.medianNanos, decode.second.medianNanos)} of the whole decode) | | | |"
                    val encode = compare(
                        {
                            out.outputStream().buffered().use { Json.encodeToStream(list, objects, it) }
                            0
                        },
                        {
                            out.outputStream().buffered().use {
                                parallel.encodeToStream(list, objects, it)
                            }
                            0
                        },
                    )
                    lines += row(size, "encode to buffered file", encode)
                } finally {
                    file.delete()
                    out.delete()
                }
            }
        }
        val report = "# ParallelJson on streams\n\n${lines.joinToString("\n")}\n\nMedians of $repetitions runs after " +
            "${warmUpNanos / 1_000_000} ms of warm-up (3 runs at least), the two sides interleaved; " +
            "allocated = median " +
            "bytes allocated per run, over all threads.\n"
        File(directory, "streams-report.md").writeText(report)
        return report
    }

    private class Timing(val medianNanos: Long, val allocatedBytes: Long)

    private fun compare(json: () -> Int, parallel: () -> Int): Pair<Timing, Timing> {
        warmUp {
            json()
            parallel()
        }
        val jsonRuns = mutableListOf<Pair<Long, Long>>()
        val parallelRuns = mutableListOf<Pair<Long, Long>>()
        repeat(repetitions) {
            jsonRuns += once(json)
            parallelRuns += once(parallel)
        }
        return summary(jsonRuns) to summary(parallelRuns)
    }

    private fun measure(block: () -> Int): Timing {
        warmUp { block() }
        return summary(List(repetitions) { once(block) })
    }

    /**
     * Runs [block] for at least [warmUpNanos] and 3 times: in a run's first comparison, 3 runs left the JIT unfinished.
     */
    private fun warmUp(block: () -> Unit) {
        val start = System.nanoTime()
        var runs = 0
        while (runs < 3 || System.nanoTime() - start < warmUpNanos) {
            block()
            runs++
        }
    }

    /**
     * Time of one run, after a GC, and the bytes it allocated: the sum over all threads (the pool's too) of
     * what each allocated meanwhile. Peak heap in use is not reported: with the young generation these runs
     * have, a run is rarely collected, so the heap in use only says how much it allocated.
     */
    private fun once(block: () -> Int): Pair<Long, Long> {
        System.gc()
        val before = allocatedBytes()
        val start = System.nanoTime()
        check(block() >= 0)
        val nanos = System.nanoTime() - start
        return nanos to allocatedBytes() - before
    }

    private val threads = ManagementFactory.getThreadMXBean() as com.sun.management.ThreadMXBean

    /** Bytes allocated so far by the threads alive now. */
    private fun allocatedBytes(): Long = threads.getThreadAllocatedBytes(threads.allThreadIds).sumOf { maxOf(it, 0L) }

    private fun summary(runs: List<Pair<Long, Long>>) =
        Timing(runs.map { it.first }.sorted()[runs.size / 2], runs.map { it.second }.sorted()[runs.size / 2])

    private fun row(size: Int, operation: String, timings: Pair<Timing, Timing>): String {
        val (json, parallel) = timings
        val speedup = String.format(Locale.ROOT, "%.2fx", json.medianNanos.toDouble() / parallel.medianNanos)
        return "| $size | $operation | ${millis(json.medianNanos)} | ${millis(parallel.medianNanos)} | $speedup | " +
            "${mebibytes(json.allocatedBytes)} | ${mebibytes(parallel.allocatedBytes)} |"
    }

    private fun millis(nanos: Long) = String.format(Locale.ROOT, "%.2f ms", nanos / 1e6)

    private fun percent(part: Long, whole: Long) = String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole)

    private fun mebibytes(bytes: Long) = String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0)

    companion object {
        const val WARM_UP_NANOS = 10_000_000_000L

        /**
         * From `-Dbench.streams.sizes` (default 100000) and `-Dbench.streams.repetitions` (default 10), after refusing
         * a size whose lists could not fit [maxHeapBytes] (the rule of `run`'s [HeapCheck]: the list, its decoded copy
         * and a third live at once), before anything runs.
         */
        fun from(
            property: (String) -> String?,
            directory: File,
            maxHeapBytes: Long = Runtime.getRuntime().maxMemory(),
        ): StreamsBench {
            val values = OptionValues.read(StreamsOptions.options, property)
            HeapCheck.refuseSizesThatCannotFit(
                Shapes.FLAT,
                values[StreamsOptions.SIZES],
                maxHeapBytes,
                "lower ${StreamsOptions.SIZES} or raise this JVM's -Xmx (java -Xmx<size> -jar ...)",
            )
            return StreamsBench(
                sizes = values[StreamsOptions.SIZES],
                repetitions = values[StreamsOptions.REPETITIONS],
                directory = directory,
            )
        }
    }
}
