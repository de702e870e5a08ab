package serialbench.shapes.flat

import kotlin.random.Random

/**
 * Makes the benchmark's objects from a [seed]: the same seed gives the same objects, and therefore the same
 * payload bytes, on every machine ([Random] with a seed is specified to be platform independent).
 */
class TestDataGenerator @JvmOverloads constructor(
    private val seed: Long = DEFAULT_SEED,
    private val nameLength: Int = 5,
    private val itemCount: Int = 100,
    private val itemLength: Int = 10,
) {
    init {
        require(nameLength >= 0) { "nameLength < 0: $nameLength" }
        require(itemCount >= 0) { "itemCount < 0: $itemCount" }
        require(itemLength >= 0) { "itemLength < 0: $itemLength" }
    }

    /** Returns [count] objects; the first `k` objects of any call with the same seed are the same. */
    fun objects(count: Int): List<TestObject> {
        require(count >= 0) { "count < 0: $count" }
        val random = Random(seed)
        return List(count) {
            TestObject(
                name = random.nextString(nameLength),
                value = random.nextInt(),
                items = List(itemCount) { random.nextString(itemLength) },
            )
        }
    }

    private fun Random.nextString(length: Int): String =
        String(CharArray(length) { ALPHABET[nextInt(ALPHABET.length)] })

    companion object {
        const val DEFAULT_SEED: Long = 20240601L
        private const val ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    }
}
