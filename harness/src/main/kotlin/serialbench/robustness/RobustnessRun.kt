package serialbench.robustness

import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.results.DamagedInput
import serialbench.results.RobustnessResults
import serialbench.results.RobustnessRow

/**
 * What each codec does with payloads it did not make for this list: for every codec of [codecIds] and every shape of
 * [shapes] it supports, the codec encodes [ELEMENTS] elements generated from [seed], then decodes damaged and foreign
 * payloads in its place ([DamagedPayloads], at most [casesPerInput] truncations and as many bit flips, fewer for a
 * payload so large that they would decode more than [MAX_BYTES_PER_INPUT] bytes) and each outcome is counted
 * ([Outcome]). The foreign payloads are those of every registered codec, so a row does not depend
 * on which codecs the run measures.
 *
 * Seeded and repeatable: the same arguments give the same cases and, for deterministic codecs, the same rows. Each
 * decode runs on a thread of its own with a timeout of [caseTimeoutMillis] ([IsolatedCalls]); after [MAX_HANGS]
 * hangs the rest of that codec's cases on that shape are not run, and after [maxHangsPerRun] in the whole run no
 * case is, so a run stays bounded in time and in abandoned threads. A hung decode keeps its thread busy until the
 * JVM exits: run this after anything timed.
 */
class RobustnessRun(
    private val codecIds: List<String>,
    private val shapes: List<Shape<*>>,
    private val seed: Long,
    private val casesPerInput: Int,
    private val threads: Int,
    private val caseTimeoutMillis: Long = DEFAULT_CASE_TIMEOUT_MILLIS,
    private val log: (String) -> Unit = {},
    private val maxHangsPerRun: Int = MAX_HANGS_PER_RUN,
) {
    /** Hangs so far in this run, across codecs and shapes. */
    private var hangsInRun = 0

    init {
        require(casesPerInput > 0) { "casesPerInput <= 0: $casesPerInput" }
        val unknown = codecIds.filter { it !in Codecs.ids }
        require(unknown.isEmpty()) { "unknown codec ids $unknown; valid ids: ${Codecs.ids.joinToString(", ")}" }
    }

    fun run(): RobustnessResults {
        val codecs = Codecs.ids.map { Codecs.create(it, threads) }
        try {
            val rows = shapes.flatMap { shape -> rowsFor(shape, codecs) }
            return RobustnessResults(
                ELEMENTS, seed, casesPerInput, RANDOM_PAYLOADS, caseTimeoutMillis, MAX_HANGS, rows, MAX_BYTES_PER_INPUT,
                maxHangsPerRun,
            )
        } finally {
            codecs.forEach { it.close() }
        }
    }

    private fun <T : Any> rowsFor(shape: Shape<T>, codecs: List<Codec>): List<RobustnessRow> {
        val original = shape.generate(seed, ELEMENTS)
        val supported = codecs.mapNotNull { codec ->
            (codec.support(shape) as? ShapeSupport.Supported)?.let { codec.id to it.codec }
        }
        val payloads = supported.map { (id, lists) -> id to lists.encode(original).toByteArray() }
        return supported.filter { (id, _) ->
            id in codecIds
        }.sortedBy { (id, _) -> codecIds.indexOf(id) }.flatMap { (id, lists) ->
            val own = payloads.first { it.first == id }.second
            check(lists.decode(lists.encode(original)) == original) {
                "codec $id does not round-trip shape ${shape.id}"
            }
            val cases = DamagedPayloads(
                own = own,
                boundaries = (1 until original.size).map {
                    commonPrefixLength(lists.encode(original.take(it)).toByteArray(), own)
                },
                foreign = payloads.filter { it.first != id },
                seed = seed * 31 + "$id/${shape.id}".hashCode(),
                casesPerInput = minOf(
                    casesPerInput,
                    maxOf(MIN_CASES, (MAX_BYTES_PER_INPUT / maxOf(own.size, 1)).toInt()),
                ),
                randomPayloads = RANDOM_PAYLOADS,
            ).all()
            val rows = runCases(id, shape, lists, original, cases)
            log(
                "robustness $id on ${shape.id}: " +
                    rows.joinToString("; ") { "${it.input.displayName} ${it.refused}/${it.cases} refused" },
            )
            rows
        }
    }

    internal fun <T : Any> runCases(
        codecId: String,
        shape: Shape<T>,
        lists: ListCodec<T>,
        original: List<T>,
        cases: List<DamagedCase>,
    ): List<RobustnessRow> {
        val judged = arrayOfNulls<Judged>(cases.size)
        IsolatedCalls(caseTimeoutMillis, "robustness-$codecId").use { calls ->
            var hangs = 0
            for ((index, case) in cases.withIndex()) {
                if (hangs >= MAX_HANGS) break
                if (hangsInRun >= maxHangsPerRun) {
                    log(
                        "robustness $codecId on ${shape.id}: ${cases.size - index} cases not run, the run has had " +
                            "$hangsInRun hangs",
                    )
                    break
                }
                val bytes = case.bytes()
                judged[index] =
                    calls.run { Outcome.judge(lists, shape, original, bytes) } ?: Judged(Outcome.HANG, null).also {
                        hangs++
                        hangsInRun++
                        log(
                            "robustness $codecId on ${shape.id}: ${case.description} did not decode within " +
                                "$caseTimeoutMillis ms",
                        )
                    }
            }
        }
        val outcomes = judged.map { it?.outcome }
        return DamagedInput.entries.mapNotNull { input ->
            val indices = cases.indices.filter { cases[it].input == input }
            if (indices.isEmpty()) return@mapNotNull null
            val run = indices.mapNotNull { outcomes[it] }
            fun count(outcome: Outcome) = run.count { it == outcome }
            fun thrown(outcome: Outcome): Map<String, Int> = indices.mapNotNull { judged[it] }
                .filter { it.outcome == outcome && it.exceptionClass != null }
                .groupingBy { it.exceptionClass!! }.eachCount().toSortedMap()
            RobustnessRow(
                codec = codecId,
                shape = shape.id,
                input = input,
                cases = run.size,
                refused = count(Outcome.REFUSED),
                sameList = count(Outcome.SAME_LIST),
                differentList = count(Outcome.DIFFERENT_LIST),
                wrongType = count(Outcome.WRONG_TYPE),
                brokenElement = count(Outcome.BROKEN_ELEMENT),
                hang = count(Outcome.HANG),
                outOfMemory = count(Outcome.OUT_OF_MEMORY),
                crashed = count(Outcome.CRASHED),
                notRun = indices.size - run.size,
                examples = indices.filter { outcomes[it]?.isSilentOrFatal == true }
                    .sortedBy { Outcome.BY_SEVERITY.indexOf(outcomes[it]) }
                    .take(MAX_EXAMPLES)
                    .map { i ->
                        "${cases[i].description}: ${outcomes[i]!!.displayName}" +
                            (judged[i]?.exceptionClass?.let { " ($it)" } ?: "")
                    },
                refusedWith = thrown(Outcome.REFUSED),
                crashedWith = thrown(Outcome.CRASHED),
            )
        }
    }

    private fun commonPrefixLength(a: ByteArray, b: ByteArray): Int {
        var length = 0
        while (length < a.size && length < b.size && a[length] == b[length]) length++
        return length
    }

    companion object {
        /** Elements of the list each codec encodes; damaged copies of its payload are decoded. */
        const val ELEMENTS = 3

        /** Bytes of payload that the truncations, or the bit flips, of one codec on one shape may decode at most. */
        const val MAX_BYTES_PER_INPUT = 128L * 1024 * 1024

        /** Truncations and bit flips of a payload however large. */
        const val MIN_CASES = 16

        /** Random byte strings among each codec's foreign payloads. */
        const val RANDOM_PAYLOADS = 16

        const val DEFAULT_CASE_TIMEOUT_MILLIS = 5_000L

        /** After this many hangs the rest of a codec's cases on a shape are not run. */
        const val MAX_HANGS = 2

        /** After this many hangs in a run, across codecs and shapes, no more case is run: each leaves a thread busy. */
        const val MAX_HANGS_PER_RUN = 4

        /** Examples kept per row of the cases neither refused nor decoded to the same list, the most severe first. */
        const val MAX_EXAMPLES = 3
    }
}
