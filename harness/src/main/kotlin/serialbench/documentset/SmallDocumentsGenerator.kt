package serialbench.documentset

/** [Settings], [Card] and [Columns] documents, each record made from the seed and its index alone. */
internal object SmallDocumentsGenerator {
    fun settings(seed: Long, sections: Int): Settings = Settings(
        service = "checkout",
        version = 42,
        sections = (0 until sections).associate { index ->
            val random = Words.record(seed, index)
            "section-$index" to Section(
                enabled = random.nextBoolean(),
                level = random.nextInt(10),
                tags = List(random.nextInt(5)) { Words.word(random) },
                limits = (0 until random.nextInt(4)).associate { "limit-$it" to random.nextInt(10_000) },
                endpoints = List(1 + random.nextInt(3)) {
                    Endpoint(
                        "host-${random.nextInt(100)}.example.com",
                        8_000 + random.nextInt(1_000),
                        random.nextDouble(),
                        random.nextBoolean(),
                    )
                },
            )
        },
    )

    /** A card of about a kilobyte; [count] is ignored: a card has nothing to repeat. */
    fun card(seed: Long, @Suppress("UNUSED_PARAMETER") count: Int): Card {
        val random = Words.record(seed, 0)
        return Card(
            id = 4_711,
            title = Words.sentence(random, 5),
            description = Words.sentence(random, 60),
            price = 129.95,
            currency = "EUR",
            tags = List(6) { Words.word(random) },
            seller = TimelineGenerator.author(random),
            ratings = (1..5).associate { "$it" to random.nextInt(1_000) },
        )
    }

    fun columns(seed: Long, readings: Int): Columns {
        val random = Words.record(seed, 0)
        return Columns(
            sensor = "hall-3/thermometer-12",
            unit = "°C",
            timestamps = List(readings) { 1_796_000_000_000L + it * 1_000L },
            values = List(readings) { 18 + random.nextDouble() * 6 },
            labels = List(readings) { if (random.nextInt(20) == 0) Words.word(random) else "ok" },
        )
    }
}
