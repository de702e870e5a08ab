package serialbench.parallel

import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * [ParallelJson.splits] counts what the planner chose for each list or map long enough to split: split on the pool,
 * or read and written whole where splitting was predicted not to gain; shorter ones are not counted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParallelJsonSplitsTest {
    private val pool: ExecutorService = Executors.newFixedThreadPool(2) { task ->
        Thread(task, "splits-test-pool").also { it.isDaemon = true }
    }

    private val records = Records.generate(300)
    private val list = ListSerializer(Record.serializer())

    @AfterAll
    fun close() = pool.shutdown()

    @Serializable
    data class Page(val title: String, val records: List<Record>, val tags: List<String>)

    private fun parallel(minChars: Int = 0, adaptive: Boolean = false) = ParallelJson(Json) {
        parallelism = 2
        minParallelChars = minChars
        adaptiveSplit = adaptive
        executor = pool
    }

    private fun ParallelJsonSplits.counts() = listOf(encodedInChunks, encodedWhole, decodedInSlices, decodedWhole)

    @Test
    fun `a large list is counted once per call as split, encoding and decoding`() {
        parallel().use { parallel ->
            repeat(3) {
                val text = parallel.encodeToString(list, records)
                assertThat(text).isEqualTo(Json.encodeToString(list, records))
                assertThat(parallel.decodeFromString(list, text)).isEqualTo(records)
            }
            assertThat(parallel.splits().counts()).containsExactly(3L, 0L, 3L, 0L)
        }
    }

    @Test
    fun `a list shorter than minParallelChars is not counted`() {
        parallel(minChars = Int.MAX_VALUE).use { parallel ->
            val text = parallel.encodeToString(list, records)
            assertThat(parallel.decodeFromString(list, text)).isEqualTo(records)
            assertThat(parallel.splits().counts()).containsOnly(0L)
        }
    }

    @Test
    fun `a list that splitting is predicted not to speed up is counted as read whole`() {
        // Three records take the engine well under a microsecond, against tens of microseconds to hand tasks over.
        val few = records.take(3)
        parallel(adaptive = true).use { parallel ->
            val text = parallel.encodeToString(list, few)
            assertThat(parallel.decodeFromString(list, text)).isEqualTo(few)
            assertThat(parallel.splits().counts()).containsExactly(0L, 1L, 0L, 1L)
        }
    }

    @Test
    fun `a document whose large member was declined is read whole without a look by the next calls of its class`() {
        val page = Page("first", records.take(3), listOf("a", "b"))
        parallel(minChars = 100, adaptive = true).use { parallel ->
            val text = Json.encodeToString(Page.serializer(), page)
            repeat(10) { assertThat(parallel.decodeFromString(Page.serializer(), text)).isEqualTo(page) }
            assertThat(parallel.splits().decodedWhole).`as`("declined at the first look only").isEqualTo(1L)
            assertThat(parallel.splits().decodedInSlices).isZero()
        }
    }

    @Test
    fun `a document far longer than those read whole without a look is looked at, and its large member split`() {
        // Long enough to be looked at, but no member long enough to split: the calls after it are quiet.
        val short = Page("short ".repeat(500), records.take(1), listOf("a", "b"))
        val long = Page("long", records, listOf("a", "b"))
        parallel(minChars = 2_000).use { parallel ->
            val shortText = Json.encodeToString(Page.serializer(), short)
            repeat(3) { assertThat(parallel.decodeFromString(Page.serializer(), shortText)).isEqualTo(short) }
            assertThat(parallel.splits().counts()).`as`("nothing long enough to count").containsOnly(0L)
            val longText = Json.encodeToString(Page.serializer(), long)
            assertThat(parallel.decodeFromString(Page.serializer(), longText)).isEqualTo(long)
            assertThat(parallel.splits().decodedInSlices).isEqualTo(1L)
            repeat(3) { assertThat(parallel.decodeFromString(Page.serializer(), shortText)).isEqualTo(short) }
            assertThat(parallel.splits().counts()).containsExactly(0L, 0L, 1L, 0L)
        }
    }

    @Test
    fun `a document counts its large members, not its short ones`() {
        val page = Page("first", records, listOf("a", "b"))
        parallel(minChars = 1_000).use { parallel ->
            val text = parallel.encodeToString(Page.serializer(), page)
            assertThat(text).isEqualTo(Json.encodeToString(Page.serializer(), page))
            assertThat(parallel.decodeFromString(Page.serializer(), text)).isEqualTo(page)
            assertThat(parallel.splits().counts()).containsExactly(1L, 0L, 1L, 0L)
            assertThat(parallel.fallbacks().total).isZero()
        }
    }

    @Test
    fun `a snapshot does not change after it was taken`() {
        parallel().use { parallel ->
            val before = parallel.splits()
            parallel.decodeFromString(list, Json.encodeToString(list, records))
            assertThat(before.decodedInSlices).isZero()
            assertThat(parallel.splits().decodedInSlices).isEqualTo(1L)
            assertThat(parallel.splits().toString()).contains("decodedInSlices=1")
        }
    }
}
