package serialbench.results

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * What every codec did with damaged and foreign payloads: the robustness part of a run. Each codec encoded
 * [elements] elements of each shape (generated from [seed]) and decoded damaged or foreign payloads in place of its
 * own, at most [casesPerInput] truncations and as many bit flips (fewer where they would decode more than
 * [maxBytesPerInput] bytes), each on a thread of its own with a timeout of [caseTimeoutMillis].
 */
@Serializable
data class RobustnessResults(
    val elements: Int,
    val seed: Long,
    val casesPerInput: Int,
    /** Random byte strings among the foreign payloads, half of them starting like the codec's own payload. */
    val randomPayloads: Int,
    val caseTimeoutMillis: Long,
    /** After this many hangs, the rest of a codec's cases on a shape are not run. */
    val maxHangs: Int,
    val rows: List<RobustnessRow>,
    val maxBytesPerInput: Long = 0,
    /** After this many hangs in the whole run, no more case was run (0: no such cap, files before it). */
    val maxHangsPerRun: Int = 0,
)

/** How a payload was damaged, or where it came from. */
@Serializable
enum class DamagedInput(val displayName: String) {
    /** The codec's own payload cut short: every cut, or a seeded sample including every element boundary. */
    @SerialName("truncated")
    TRUNCATED("truncated"),

    /** The codec's own payload with one bit flipped: every bit, or a seeded sample. */
    @SerialName("bitFlipped")
    BIT_FLIPPED("bit flip"),

    /** Every other codec's payload of the same list, random bytes, and the empty payload. */
    @SerialName("foreign")
    FOREIGN("foreign"),
}

/**
 * The outcomes of one codec's cases of one [input] kind on one shape. Every case has exactly one outcome, so the
 * counts add up to [cases] (the cases run; [notRun] were skipped after repeated hangs).
 */
@Serializable
data class RobustnessRow(
    val codec: String,
    val shape: String,
    val input: DamagedInput,
    val cases: Int,
    /** Decoding threw an exception (not one of the unexpected kinds counted as [crashed]): the payload was refused. */
    val refused: Int,
    /** Decoded to a list equal to the original: the damage changed nothing the data holds (harmless). */
    val sameList: Int,
    /** Decoded, without error, to a list of valid elements that differs from the original: silent corruption. */
    val differentList: Int,
    /** Decoded to a list holding a null or an element of another class (the codec contract forbids it). */
    val wrongType: Int,
    /**
     * Decoded to elements of the right class holding a null or a value of another class where their type forbids it.
     */
    val brokenElement: Int,
    /** Did not finish within the case timeout. */
    val hang: Int,
    val outOfMemory: Int,
    /**
     * Threw an `Error` other than `OutOfMemoryError` (a `StackOverflowError`, say), or an exception no decoder
     * throws on purpose (a `NullPointerException`, `ClassCastException`, index out of bounds...).
     */
    val crashed: Int,
    val notRun: Int = 0,
    /** The first few cases with an outcome other than refused or same list, described, for reproducing them. */
    val examples: List<String> = emptyList(),
    /** The classes of the exceptions the [refused] cases threw, with how many threw each. */
    val refusedWith: Map<String, Int> = emptyMap(),
    /** The classes of what the [crashed] cases threw, with how many threw each. */
    val crashedWith: Map<String, Int> = emptyMap(),
) {
    init {
        require(
            refused + sameList + differentList + wrongType + brokenElement + hang + outOfMemory + crashed == cases,
        ) {
            "robustness row $codec/$shape/$input: outcomes do not add up to $cases cases"
        }
    }
}
