package serialbench.parallel

import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encodeToString
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.encodeToJsonElement
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Assertions.assertTimeoutPreemptively
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.engine.SliceCopies
import serialbench.parallel.internal.pool.WorkerPool
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

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
        val engine = object : ListEngine<Record> by KotlinxJsonListEngine(Json, Record.serializer()) {
            override fun decodeSlice(text: String, from: Int, to: Int, copies: SliceCopies): List<Record> {
                val onPool = Thread.currentThread().name.startsWith("ParallelJson-")
                if (onPool) {
                    workerHolds.countDown()
                    release.await()
                } else {
                    while (workerHolds.count > 0) Thread.onSpinWait()
                }
                return Json.decodeFromString(ListSerializer(Record.serializer()), "[" + text.substring(from, to) + "]")
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
            while (caller.state != Thread.State.WAITING && caller.state != Thread.State.TIMED_WAITING) {
                Thread.onSpinWait()
            }
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
        ParallelJson(Json) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
        }.use { parallel ->
            val nested = NestedListSerializer(parallel)
            val values = List(40) { i -> List(50) { it * i } }
            val outer = Json.encodeToString(ListSerializer(nested), values)
            assertTimeoutPreemptively(Duration.ofSeconds(30), {
                assertThat(parallel.decodeFromString(ListSerializer(nested), outer)).isEqualTo(values)
                assertThat(parallel.encodeToString(ListSerializer(nested), values)).isEqualTo(outer)
            }, "a call from a pool thread never returned")
        }
    }

    @Test
    fun `eight threads sharing one instance on streams and strings get correct results, and none after close`() {
        val parallel =
            ParallelJson(Json) {
                parallelism = 3
                minParallelChars = 0
                adaptiveSplit = false
                streamBatchBytes = 4096
            }
        val failures = ConcurrentLinkedQueue<Throwable>()
        val list = ListSerializer(Record.serializer())
        val threads = List(8) { t ->
            Thread {
                try {
                    repeat(15) { round ->
                        val values = objects.take(50 + (t * 37 + round * 11) % 150)
                        val text = Json.encodeToString(list, values)
                        val where = "thread $t round $round"
                        check(parallel.encodeToString<List<Record>>(values) == text) { "$where: encodeToString" }
                        val decoded = parallel.decodeFromString(ListSerializer(Record.serializer()), text)
                        check(decoded == values) { "$where: decodeFromString" }
                        val out = ByteArrayOutputStream()
                        parallel.encodeToStream(ListSerializer(Record.serializer()), values, out)
                        check(out.toString(Charsets.UTF_8) == text) { "$where: encodeToStream" }
                        val stream = ByteArrayInputStream(out.toByteArray())
                        val sequence = parallel.decodeToSequence<Record>(
                            stream,
                            DecodeSequenceMode.ARRAY_WRAPPED,
                        ).toList()
                        check(sequence == values) { "$where: decodeToSequence" }
                        val suspended =
                            runBlocking {
                                parallel.decodeFromStringSuspending(ListSerializer(Record.serializer()), text)
                            }
                        check(suspended == values) { "$where: decodeFromStringSuspending" }
                    }
                } catch (e: Throwable) {
                    failures += e
                }
            }
        }
        threads.forEach { it.start() }
        threads.forEach { it.join() }
        assertThat(poolThreads()).`as`("pool threads while open").isPositive()
        parallel.close()
        assertThat(failures).isEmpty()
        assertThatThrownBy { parallel.decodeFromString(ListSerializer(Record.serializer()), text) }
            .isInstanceOf(IllegalStateException::class.java).hasMessage("ParallelJson is closed")
    }

    @Test
    fun `a hundred instances used and dropped without close share the pools, whose threads end once idle`() {
        WorkerPool.keepAlive(200)
        try {
            repeat(100) { i ->
                val parallel = ParallelJson(Json) {
                    parallelism = 2 + i % 2
                    minParallelChars = 0
                    adaptiveSplit = false
                }
                assertThat(parallel.decodeFromString(ListSerializer(Record.serializer()), text)).isEqualTo(objects)
            }
            // one pool of 1 thread for a parallelism of 2, one of 2 for 3, whatever the number of instances
            assertThat(poolThreads("ParallelJson-2-") + poolThreads("ParallelJson-3-"))
                .`as`("pool threads of parallelism 2 and 3 after 100 instances").isBetween(1, 3)
            System.gc()
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30)
            while (poolThreads() > 0 && System.nanoTime() < deadline) Thread.sleep(50)
            assertThat(poolThreads()).`as`("pool threads alive after an idle keep-alive of 200 ms").isZero()
        } finally {
            WorkerPool.keepAlive(WorkerPool.DEFAULT_KEEP_ALIVE_MILLIS)
        }
    }

    @Test
    fun `a service's executor runs every split task and the Flow's reads, and stays the service's`() {
        val threads = AtomicInteger()
        val service = Executors.newFixedThreadPool(2) { task -> Thread(task, "service-${threads.incrementAndGet()}") }
        val seen = ConcurrentHashMap.newKeySet<String>()
        val recording = RecordingSerializer(Record.serializer(), seen)
        try {
            val parallelJson =
                ParallelJson(Json) {
                    parallelism = 2
                    minParallelChars = 0
                    adaptiveSplit = false
                    executor = service
                }
            parallelJson.use { parallel ->
                assertThat(parallel.decodeFromString(ListSerializer(recording), text)).isEqualTo(objects)
                assertThat(parallel.encodeToString(ListSerializer(recording), objects)).isEqualTo(text)
                val bytes = text.encodeToByteArray()
                val flowed = runBlocking { parallel.decodeToFlow(ByteArrayInputStream(bytes), recording).toList() }
                assertThat(flowed).isEqualTo(objects)
            }
            val caller = Thread.currentThread().name
            assertThat(seen).`as`("threads that encoded or decoded elements").anyMatch { it.startsWith("service-") }
            assertThat(seen - caller).allMatch { it.startsWith("service-") }
            assertThat(seen).noneMatch { it.startsWith("ParallelJson-") }
            assertThat(service.isShutdown).`as`("the service's executor after close").isFalse()
        } finally {
            service.shutdownNow()
        }
    }

    @Serializable
    data class Keyed(val version: Int, val items: Map<String, Record>)

    @Test
    fun `an executor that runs each task where it is handed over adds no thread, and maps come out as Json's`() {
        val items = objects.withIndex().associate { (i, record) -> "id-$i" to record }
        val keyed = Keyed(1, items)
        val map = MapSerializer(String.serializer(), Record.serializer())
        val tree = Json.encodeToJsonElement(map, items)
        val handedOn = ConcurrentLinkedQueue<String>()
        val inline = Executor { task ->
            handedOn += Thread.currentThread().name
            task.run()
        }
        ParallelJson(Json) {
            parallelism = 2
            minParallelChars = 0
            adaptiveSplit = false
            executor = inline
        }.use { parallel ->
            // A map's chunks wait for the calling thread to walk its entries: run where they are handed over, before
            // the walk, they would wait for ever.
            assertTimeoutPreemptively(Duration.ofSeconds(60)) {
                assertThat(parallel.encodeToString(map, items)).isEqualTo(Json.encodeToString(map, items))
                assertThat(parallel.encodeToString(Keyed.serializer(), keyed))
                    .isEqualTo(Json.encodeToString(Keyed.serializer(), keyed))
                assertThat(parallel.encodeToString(JsonElement.serializer(), tree))
                    .isEqualTo(Json.encodeToString(JsonElement.serializer(), tree))
                assertThat(
                    parallel.decodeFromString(Keyed.serializer(), Json.encodeToString(Keyed.serializer(), keyed)),
                )
                    .isEqualTo(keyed)
            }
            assertThat(parallel.splits().encodedInChunks).`as`("maps written in chunks").isGreaterThanOrEqualTo(3)
            assertThat(handedOn).`as`("tasks handed to the executor").isNotEmpty()
        }
    }

    private fun poolThreads(prefix: String = "ParallelJson-"): Int =
        Thread.getAllStackTraces().keys.count { it.isAlive && it.name.startsWith(prefix) }

    /** [delegate], noting the name of every thread that encodes or decodes an element in [threads]. */
    private class RecordingSerializer<T>(
        private val delegate: KSerializer<T>,
        private val threads: MutableSet<String>,
    ) : KSerializer<T> {
        override val descriptor: SerialDescriptor = delegate.descriptor

        override fun serialize(encoder: Encoder, value: T) {
            threads += Thread.currentThread().name
            delegate.serialize(encoder, value)
        }

        override fun deserialize(decoder: Decoder): T {
            threads += Thread.currentThread().name
            return delegate.deserialize(decoder)
        }
    }

    /** A list of ints carried as a string holding its JSON, encoded and decoded with [parallel] itself. */
    private class NestedListSerializer(private val parallel: ParallelJson) : KSerializer<List<Int>> {
        override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("NestedInts", PrimitiveKind.STRING)

        override fun serialize(encoder: Encoder, value: List<Int>) =
            encoder.encodeString(parallel.encodeToString(ListSerializer(Int.serializer()), value))

        override fun deserialize(decoder: Decoder): List<Int> =
            parallel.decodeFromString(ListSerializer(Int.serializer()), decoder.decodeString())
    }
}
