package serialbench.robustness

import serialbench.results.DamagedInput
import kotlin.random.Random

/** One payload to decode in place of a codec's own, and how it was made. */
internal class DamagedCase(
    val input: DamagedInput,
    /** How the payload was made, e.g. `bit 3 of byte 57 of 4,012`: enough to make it again. */
    val description: String,
    private val make: () -> ByteArray,
) {
    fun bytes(): ByteArray = make()
}

/**
 * The damaged and foreign payloads for one codec's [own] payload, drawn from [seed]: the same arguments give the
 * same cases, whatever is asked first.
 * - truncated: every proper prefix of [own] when there are no more than [casesPerInput], else [casesPerInput] of
 *   them, always with the [boundaries] (cuts where the payload of the first k elements stops agreeing with [own]:
 *   right after an element, where a format without an end marker would decode a shorter list) and the last
 *   [TAIL_CUTS] cuts (the end marker or trailer of the payload, after its last element);
 * - bit flips: every single-bit flip when there are no more than [casesPerInput], else [casesPerInput] of them;
 * - foreign: every payload of [foreign] that differs from [own], [randomPayloads] random byte strings (every second
 *   one starting with [own]'s first bytes, to get past a header check), and the empty payload.
 */
internal class DamagedPayloads(
    private val own: ByteArray,
    private val boundaries: List<Int>,
    private val foreign: List<Pair<String, ByteArray>>,
    private val seed: Long,
    private val casesPerInput: Int,
    private val randomPayloads: Int,
) {
    init {
        require(casesPerInput > 0) { "casesPerInput <= 0: $casesPerInput" }
        require(randomPayloads >= 0) { "randomPayloads < 0: $randomPayloads" }
    }

    /** Truncations, then bit flips, then foreign payloads. */
    fun all(): List<DamagedCase> = truncated() + bitFlipped() + foreign()

    fun truncated(): List<DamagedCase> {
        val always = (boundaries.filter { it in own.indices } + (maxOf(0, own.size - TAIL_CUTS) until own.size))
            .distinct()
        val cuts = sample(Random(seed), own.size.toLong(), always.map(Int::toLong))
        return cuts.map { cut ->
            DamagedCase(DamagedInput.TRUNCATED, "first ${count(cut)} of ${count(own.size.toLong())} bytes") {
                own.copyOf(cut.toInt())
            }
        }
    }

    fun bitFlipped(): List<DamagedCase> = sample(Random(seed + 1), own.size * 8L, emptyList()).map { bitIndex ->
        val byte = (bitIndex / 8).toInt()
        val bit = (bitIndex % 8).toInt()
        DamagedCase(
            DamagedInput.BIT_FLIPPED,
            "bit $bit of byte ${count(byte.toLong())} of ${count(own.size.toLong())}",
        ) {
            own.copyOf().also { it[byte] = (it[byte].toInt() xor (1 shl bit)).toByte() }
        }
    }

    fun foreign(): List<DamagedCase> {
        val others = foreign.filterNot { (_, bytes) -> bytes.contentEquals(own) }.map { (codec, bytes) ->
            DamagedCase(DamagedInput.FOREIGN, "the payload of `$codec`") { bytes }
        }
        val random = Random(seed + 2)
        val randoms = List(randomPayloads) { index ->
            val length = 1 + random.nextInt(maxOf(own.size * 2, 2))
            val head = if (index % 2 == 1) own.copyOf(minOf(HEAD_BYTES, own.size / 4, length)) else ByteArray(0)
            val bytes = head + random.nextBytes(length - head.size)
            val what = if (head.isEmpty()) "" else ", the first ${head.size} the codec's own"
            DamagedCase(DamagedInput.FOREIGN, "${count(length.toLong())} random bytes$what") { bytes }
        }
        return others + randoms + DamagedCase(DamagedInput.FOREIGN, "the empty payload") { ByteArray(0) }
    }

    /** Every index below [total] if they fit [casesPerInput], else [required] plus random distinct ones, sorted. */
    private fun sample(random: Random, total: Long, required: List<Long>): List<Long> {
        if (total <= casesPerInput) return (0 until total).toList()
        val chosen = sortedSetOf<Long>()
        required.take(casesPerInput).forEach { chosen += it }
        while (chosen.size < casesPerInput) chosen += random.nextLong(total)
        return chosen.toList()
    }

    private fun count(value: Long): String = String.format(java.util.Locale.ROOT, "%,d", value)

    companion object {
        /** The last cuts, always among the truncations: the end of the last element and what follows it. */
        const val TAIL_CUTS = 8

        /** How many of the codec's own first bytes every second random payload starts with (at most a quarter). */
        const val HEAD_BYTES = 16
    }
}
