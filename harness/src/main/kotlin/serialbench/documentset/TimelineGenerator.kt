package serialbench.documentset

import kotlin.random.Random

/** [Timeline]s of a given number of posts, each made from the seed and its index alone. */
internal object TimelineGenerator {
    fun timeline(seed: Long, posts: Int): Timeline {
        val statuses = List(posts) { post(Words.record(seed, it), it) }
        val metadata = PageMetadata(0.087, statuses.maxOfOrNull { it.id } ?: 0, "#concert", posts)
        return Timeline(statuses, metadata)
    }

    private fun post(random: Random, index: Int): Post {
        val id = 1_480_000_000_000_000_000L + index * 7_919L
        return Post(
            id = id,
            idText = id.toString(),
            createdAt = "2026-11-${10 + random.nextInt(18)}T${10 + random.nextInt(14)}:${10 + random.nextInt(50)}:00Z",
            text = Words.sentence(random, 6 + random.nextInt(14)),
            author = author(random),
            entities = Entities(
                hashtags = List(random.nextInt(4)) { Tagged(Words.word(random), Words.indices(random)) },
                links = List(random.nextInt(2)) {
                    val path = random.nextInt(1_000_000).toString(36)
                    Link(
                        "https://t.example/$path",
                        "https://example.com/posts/$path",
                        "example.com/…",
                        Words.indices(random),
                    )
                },
                mentions = List(random.nextInt(3)) {
                    Mention(
                        Words.handle(random),
                        Words.sentence(random, 2),
                        random.nextLong(1, 1L shl 40),
                        Words.indices(random),
                    )
                },
            ),
            reposts = random.nextInt(5_000),
            likes = random.nextInt(20_000),
            liked = random.nextBoolean(),
            lang = listOf("en", "de", "ja", "fr")[random.nextInt(4)],
            replyTo = if (random.nextInt(4) == 0) id - random.nextLong(1, 1_000_000) else null,
            place = if (random.nextInt(8) == 0) Words.word(random) else null,
        )
    }

    fun author(random: Random): Author = Author(
        id = random.nextLong(1, 1L shl 40),
        name = Words.sentence(random, 2),
        handle = Words.handle(random),
        location = Words.word(random),
        bio = Words.sentence(random, 4 + random.nextInt(10)),
        followers = random.nextInt(1_000_000),
        following = random.nextInt(5_000),
        verified = random.nextInt(10) == 0,
        avatarUrl = "https://img.example.com/avatars/${random.nextInt(1_000_000)}.png",
    )
}
