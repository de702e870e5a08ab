package serialbench.parallel

import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.fixtures.Record
import serialbench.parallel.fixtures.Records
import java.io.ByteArrayInputStream
import java.lang.ref.WeakReference
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.Executor
import java.util.concurrent.atomic.AtomicInteger

/**
 * Sequences dropped before their end, as `decodeToSequence(stream).first()` drops them: their batches read ahead
 * are left to a pool that does not run them here (a service's executor whose threads are all busy), so what they
 * leave behind can be counted.
 */
@Timeout(120)
class ParallelJsonAbandonedSequencesTest {
    private val objects = Records.generate(400)
    private val bytes = Json.encodeToString(ListSerializer(Record.serializer()), objects).encodeToByteArray()

    /** Takes the tasks handed to it and runs them only when told to. */
    private class BusyExecutor : Executor {
        val waiting = ConcurrentLinkedQueue<Runnable>()

        override fun execute(command: Runnable) {
            waiting += command
        }

        fun runWaiting() {
            while (true) (waiting.poll() ?: return).run()
        }
    }

    private fun parallelJson(executor: Executor) = ParallelJson(Json) {
        parallelism = PARALLELISM
        streamBatchBytes = 1024
        this.executor = executor
    }

    @Test
    fun `a thousand sequences dropped after their first element leave a bounded number of batches to the pool`() {
        val busy = BusyExecutor()
        parallelJson(busy).use { parallel ->
            var mostWaiting = 0
            repeat(1000) {
                val first = parallel.decodeToSequence(ByteArrayInputStream(bytes), Record.serializer()).first()
                assertThat(first).isEqualTo(objects.first())
                mostWaiting = maxOf(mostWaiting, busy.waiting.size)
            }
            assertThat(mostWaiting).`as`("batches waiting for the pool at most").isBetween(1, 4 * PARALLELISM)
            // Those that waited are those of sequences still reachable or not yet collected: running them is harmless.
            busy.runWaiting()
            val all = parallel.decodeToSequence(ByteArrayInputStream(bytes), Record.serializer()).toList()
            assertThat(all).isEqualTo(objects)
        }
    }

    @Test
    fun `a dropped sequence is garbage while its batches wait for the pool, which then skips them`() {
        val busy = BusyExecutor()
        val decoded = AtomicInteger()
        val counting = CountingSerializer(Record.serializer(), decoded)
        parallelJson(busy).use { parallel ->
            val iterator = firstThenDrop(parallel, counting)
            assertThat(busy.waiting).`as`("batches read ahead for the pool").isNotEmpty()
            repeat(20) { if (iterator.get() != null) System.gc() }
            assertThat(iterator.get()).`as`("the dropped sequence's iterator after a collection").isNull()
            val decodedByConsumer = decoded.get()
            busy.runWaiting()
            assertThat(
                decoded.get(),
            ).`as`("elements decoded, after the pool ran its tasks").isEqualTo(decodedByConsumer)
        }
    }

    /** The first element of a sequence over the records, then the sequence is dropped: a reference to its iterator. */
    private fun firstThenDrop(
        parallel: ParallelJson,
        serializer: KSerializer<Record>,
    ): WeakReference<Iterator<Record>> {
        val iterator = parallel.decodeToSequence(ByteArrayInputStream(bytes), serializer).iterator()
        assertThat(iterator.next()).isEqualTo(objects.first())
        return WeakReference(iterator)
    }

    /** [delegate], counting the values it decodes in [decoded]. */
    private class CountingSerializer<T>(private val delegate: KSerializer<T>, private val decoded: AtomicInteger) :
        KSerializer<T> {
        override val descriptor: SerialDescriptor = delegate.descriptor

        override fun serialize(encoder: Encoder, value: T) = delegate.serialize(encoder, value)

        override fun deserialize(decoder: Decoder): T = delegate.deserialize(decoder).also { decoded.incrementAndGet() }
    }

    private companion object {
        const val PARALLELISM = 2
    }
}
