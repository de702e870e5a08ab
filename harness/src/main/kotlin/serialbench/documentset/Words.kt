package serialbench.documentset

import kotlin.random.Random

/** Text for the set's documents: words with the characters JSON must escape, non-ASCII letters and emoji. */
internal object Words {
    private val WORDS = listOf(
        "match", "ticket", "concert", "season", "orchestra", "release", "update", "café", "naïve", "Zürich",
        "München", "weekend", "launch", "stream", "quote \"live\"", "path\\to", "line\nbreak", "tab\there", "🎵",
        "🚀", "東京", "data", "night", "opening", "premiere", "coffee", "review", "morning", "sale", "garden",
    )

    fun word(random: Random): String = WORDS[random.nextInt(WORDS.size)]

    fun sentence(random: Random, words: Int): String = List(words) { word(random) }.joinToString(" ")

    fun handle(random: Random): String = "user_" + random.nextInt(1_000_000).toString(36)

    fun indices(random: Random): List<Int> = random.nextInt(140).let { listOf(it, it + 1 + random.nextInt(20)) }

    /** The generator of record [index] of a document made from [seed]: the same seed and index, the same record. */
    fun record(seed: Long, index: Int): Random = Random(seed * 1_000_003 + index)
}
