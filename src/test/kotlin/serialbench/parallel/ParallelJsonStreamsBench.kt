package serialbench.parallel

import java.io.File
import java.util.Locale
import java.lang.management.ManagementFactory
import java.util.concurrent.TimeUnit
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.encodeToStream
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.condition.EnabledIfSystemProperty
import serialbench.TestOrder
import serialbench.data.TestDataGenerator
import serialbench.model.TestObject

/**
 * ParallelJson on files against kotlinx's own stream functions: decode from a
 * file (whole list, and time to the first element; with guessed cuts, and with every byte scanned), encode to a
 * buffered file, and the bytes each allocates.
 * Checks the results before timing; interleaves the two sides. Run alone, on a quiet machine:
 * `./mvnw -B test -Dgroups=perf -Dtest=ParallelJsonStreamsBench -Dbench.streams=true` (sizes with
 * `-Dbench.streams.sizes=10000,100000`, repetitions with `-Dbench.streams.repetitions=20`). Prints a table
 * and writes `target/streams-report.md`.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@Timeout(value = 1, unit = TimeUnit.HOURS)
@EnabledIfSystemProperty(named = "bench.streams", matches = "true")
@OptIn(ExperimentalSerializationApi::class)
class ParallelJsonStreamsBench {
    private val sizes = System.getProperty("bench.streams.sizes", "100000").split(',').map { it.trim().toInt() }
    private val repetitions = System.getProperty("bench.streams.repetitions", "10").toInt()
    private val list = ListSerializer(TestObject.serializer())

    @Test
    fun `stream decoding and encoding, ParallelJson against Json`() {
        val lines = mutableListOf(
            "| N | operation | Json median | ParallelJson median | speedup | Json allocated | ParallelJson allocated |",
            "|---:|:---|---:|---:|---:|---:|---:|",
        )
        ParallelJson(Json).use { parallel ->
            for (size in sizes) {
                val objects = TestDataGenerator().objects(size)
                val file = File("target/streams-bench-$size.json")
                file.outputStream().buffered().use { Json.encodeToStream(list, objects, it) }
                val out = File("target/streams-bench-out.json")
                assertThat(file.inputStream().use { parallel.decodeFromStream(TestObject.serializer(), it) }).isEqualTo(objects)
                out.outputStream().buffered().use { parallel.encodeToStream(TestObject.serializer(), objects, it) }
                assertThat(out.readBytes()).isEqualTo(file.readBytes())

                val decode = compare(
                    { file.inputStream().use { Json.decodeFromStream(list, it).size } },
                    { file.inputStream().use { parallel.decodeFromStream(TestObject.serializer(), it).size } },
                )
                lines += row(size, "decode from file", decode)
                parallel.guessStreamCuts = false
                val exact = compare(
                    { file.inputStream().use { Json.decodeFromStream(list, it).size } },
                    { file.inputStream().use { parallel.decodeFromStream(TestObject.serializer(), it).size } },
                )
                parallel.guessStreamCuts = true
                lines += row(size, "decode from file, every byte scanned (no guessed cuts)", exact)
                val first = measure { file.inputStream().use { parallel.decodeToSequence(TestObject.serializer(), it).first().value } }
                lines += "| $size | first element (ParallelJson) | | ${millis(first.medianNanos)} " +
                    "(${percent(first.medianNanos, decode.second.medianNanos)} of the whole decode) | | | |"
                val encode = compare(
                    { out.outputStream().buffered().use { Json.encodeToStream(list, objects, it) }; 0 },
                    { out.outputStream().buffered().use { parallel.encodeToStream(TestObject.serializer(), objects, it) }; 0 },
                )
                lines += row(size, "encode to buffered file", encode)
                file.delete()
                out.delete()
            }
        }
        val report = "# ParallelJson on streams\n\n${lines.joinToString("\n")}\n\nMedians of $repetitions runs after ${WARM_UP_NANOS / 1_000_000_000} s of warm-up (3 runs at least), " +
            "the two sides interleaved; allocated = median " +
            "bytes allocated per run, over all threads.\n"
        File("target/streams-report.md").writeText(report)
        println(report)
    }

    private class Timing(val medianNanos: Long, val allocatedBytes: Long)

    private fun compare(json: () -> Int, parallel: () -> Int): Pair<Timing, Timing> {
        warmUp { json(); parallel() }
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

    /** Runs [block] for at least [WARM_UP_NANOS] and 3 times: in a run's first comparison, 3 runs left the JIT unfinished. */
    private fun warmUp(block: () -> Unit) {
        val start = System.nanoTime()
        var runs = 0
        while (runs < 3 || System.nanoTime() - start < WARM_UP_NANOS) {
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

    private companion object {
        const val WARM_UP_NANOS = 10_000_000_000L
    }
}
