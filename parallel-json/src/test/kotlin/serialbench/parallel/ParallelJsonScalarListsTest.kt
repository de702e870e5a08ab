package serialbench.parallel

import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger

/**
 * Lists (and maps) of numbers, strings and booleans split like lists of objects: with `adaptiveSplit = false` a text
 * from `minParallelChars` on is decoded in slices on the pool, and gives what `Json` gives.
 */
class ParallelJsonScalarListsTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("lists")
    fun `a large list or map of scalars is decoded in slices handed to the pool, as Json decodes it`(
        description: String,
        serializer: KSerializer<Any?>,
        value: Any?,
    ) {
        val text = Json.encodeToString(serializer, value)
        val pool = Executors.newFixedThreadPool(1)
        val handed = AtomicInteger()
        val executor = Executor { task -> handed.incrementAndGet().also { pool.execute(task) } }
        try {
            val splitting = ParallelJson(Json) {
                parallelism = 2
                minParallelChars = 0
                adaptiveSplit = false
                this.executor = executor
            }
            splitting.use { subject ->
                repeat(3) {
                    assertThat(subject.decodeFromString(serializer, text)).`as`(description).isEqualTo(value)
                }
                assertThat(handed.getAndSet(0)).`as`("$description: tasks handed to the pool").isPositive()
                assertThat(subject.encodeToString(serializer, value)).`as`(description).isEqualTo(text)
            }
        } finally {
            pool.shutdown()
        }
    }

    companion object {
        private const val SIZE = 200_000

        @JvmStatic
        fun lists() = listOf(
            arrayOf<Any>("ints from 0", ListSerializer(Int.serializer()), List(SIZE) { it }),
            arrayOf<Any>("negative longs", ListSerializer(Long.serializer()), List(SIZE) { -it * 7919L }),
            arrayOf<Any>("doubles", ListSerializer(Double.serializer()), List(SIZE) { it / 8.0 }),
            arrayOf<Any>("booleans", ListSerializer(Boolean.serializer()), List(SIZE) { it % 3 == 0 }),
            arrayOf<Any>("strings", ListSerializer(String.serializer()), List(SIZE) { "s,\"$it\"" }),
            arrayOf<Any>(
                "a map of ints",
                MapSerializer(String.serializer(), Int.serializer()),
                (0 until SIZE).associate { "k$it" to it },
            ),
        )
    }
}
