package serialbench.parallel

import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.time.Duration
import java.util.concurrent.ConcurrentLinkedQueue
import kotlinx.coroutines.runBlocking
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assertions.assertTimeoutPreemptively
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records

/** The parallel layer and the threads around it: interrupts, calls from its own pool threads. */
@Timeout(120)
class ParallelJsonThreadsTest {
    private val objects = Records.generate(200)
    private val text = Json.encodeToString(ListSerializer(Record.serializer()), objects)

    @Test
    fun `an interrupt while the caller waits for the pool is kept and not taken for a bad guess`() {
        // The caller's slice waits (spinning, so that the caller stays runnable) until a pool thread holds the
        // other slice; that slice is held until the caller, done with its own, waits for it and is interrupted.
        val workerHolds = CountDownLatch(1)
        val callerDone = CountDownLatch(1)
        val release = CountDownLatch(1)
        val engine = object : JsonListEngine<Record> by KotlinxJsonListEngine(Json, Record.serializer()) {
            override fun decodeList(text: String): List<Record> {
                val onPool = Thread.currentThread().name.startsWith("ParallelJson-")
                if (onPool) {
                    workerHolds.countDown()
                    release.await()
                } else {
                    while (workerHolds.count > 0) Thread.onSpinWait()
                }
                return Json.decodeFromString(ListSerializer(Record.serializer()), text)
                    .also { if (!onPool) callerDone.countDown() }
            }
        }
        val key = Any()
        ParallelJsonArrays(parallelism = 2, minParallelChars = 0, chunksPerThread = 1, adaptive = false).use { arrays ->
            var decoded: List<Record>? = null
            var interruptedAfter = false
            val caller = Thread {
                decoded = arrays.decode(engine, text, key)
                interruptedAfter = Thread.interrupted()
            }
            caller.start()
            assertThat(callerDone.await(30, TimeUnit.SECONDS)).`as`("the caller decoded its slice").isTrue()
            while (caller.state != Thread.State.WAITING && caller.state != Thread.State.TIMED_WAITING) Thread.onSpinWait()
            caller.interrupt()
            release.countDown()
            caller.join()
            assertThat(decoded).isEqualTo(objects)
            assertThat(interruptedAfter).`as`("the caller's interrupt flag after the call").isTrue()
            assertThat(arrays.guessesCuts(key)).`as`("guessed cuts still used for this element type").isTrue()
        }
    }

    @Test
    fun `a deserializer that calls the same instance from a pool thread runs there without deadlock`() {
        ParallelJson(Json, parallelism = 2, minParallelChars = 0, adaptiveSplit = false).use { parallel ->
            val nested = NestedListSerializer(parallel)
            val values = List(40) { i -> List(50) { it * i } }
            val outer = Json.encodeToString(ListSerializer(nested), values)
            assertTimeoutPreemptively(Duration.ofSeconds(30), {
                assertThat(parallel.decodeFromString(nested, outer)).isEqualTo(values)
                assertThat(parallel.encodeToString(nested, values)).isEqualTo(outer)
            }, "a call from a pool thread never returned")
        }
    }

    @Test
    fun `eight threads sharing one instance on streams and strings get correct results and the pool ends on close`() {
        val baseline = poolThreads()
        val parallel = ParallelJson(Json, parallelism = 3, minParallelChars = 0, adaptiveSplit = false, streamBatchBytes = 4096)
        val failures = ConcurrentLinkedQueue<Throwable>()
        val list = ListSerializer(Record.serializer())
        val threads = List(8) { t ->
            Thread {
                try {
                    repeat(15) { round ->
                        val values = objects.take(50 + (t * 37 + round * 11) % 150)
                        val text = Json.encodeToString(list, values)
                        check(parallel.encodeToString(Record.serializer(), values) == text) { "thread $t round $round: encodeToString" }
                        check(parallel.decodeFromString(Record.serializer(), text) == values) { "thread $t round $round: decodeFromString" }
                        val out = ByteArrayOutputStream()
                        parallel.encodeToStream(Record.serializer(), values, out)
                        check(out.toString(Charsets.UTF_8) == text) { "thread $t round $round: encodeToStream" }
                        val stream = ByteArrayInputStream(out.toByteArray())
                        check(parallel.decodeToSequence(Record.serializer(), stream).toList() == values) { "thread $t round $round: decodeToSequence" }
                        val suspended = runBlocking { parallel.decodeFromStringSuspending(Record.serializer(), text) }
                        check(suspended == values) { "thread $t round $round: decodeFromStringSuspending" }
                    }
                } catch (e: Throwable) {
                    failures += e
                }
            }
        }
        threads.forEach { it.start() }
        threads.forEach { it.join() }
        assertThat(poolThreads()).`as`("pool threads while open").isGreaterThan(baseline)
        parallel.close()
        assertThat(failures).isEmpty()
        assertThat(poolThreads()).`as`("pool threads after close").isEqualTo(baseline)
    }

    private fun poolThreads(): Int = Thread.getAllStackTraces().keys.count { it.isAlive && it.name.startsWith("ParallelJson-") }

    /** A list of ints carried as a string holding its JSON, encoded and decoded with [parallel] itself. */
    private class NestedListSerializer(private val parallel: ParallelJson) : KSerializer<List<Int>> {
        override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("NestedInts", PrimitiveKind.STRING)

        override fun serialize(encoder: Encoder, value: List<Int>) =
            encoder.encodeString(parallel.encodeToString(Int.serializer(), value))

        override fun deserialize(decoder: Decoder): List<Int> =
            parallel.decodeFromString(Int.serializer(), decoder.decodeString())
    }
}
