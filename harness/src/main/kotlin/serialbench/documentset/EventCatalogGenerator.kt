package serialbench.documentset

import kotlin.random.Random

/** [EventCatalog]s of a given number of performances, each made from the seed and its index alone. */
internal object EventCatalogGenerator {
    private const val EVENTS = 180
    private const val NAMES = 40

    fun catalog(seed: Long, performances: Int): EventCatalog {
        val names = Words.record(seed, -1)
        return EventCatalog(
            areaNames = names(names, 200_000, NAMES),
            audienceNames = names(names, 300_000, 8),
            blockNames = names(names, 400_000, NAMES),
            events = (0 until EVENTS).associate { index ->
                val random = Words.record(seed, -2 - index)
                val id = 138_586_341L + index
                id.toString() to EventInfo(
                    id = id,
                    name = Words.sentence(random, 3),
                    description = if (random.nextInt(3) == 0) Words.sentence(random, 12) else null,
                    logo = if (random.nextBoolean()) "/images/UE0AAAAACEKo${random.nextInt(100_000)}.jpg" else null,
                    subtitle = if (random.nextInt(4) == 0) Words.sentence(random, 3) else null,
                    topicIds = List(1 + random.nextInt(3)) { 324_846_099 + random.nextInt(30) },
                    subTopicIds = List(1 + random.nextInt(3)) { 337_184_262 + random.nextInt(30) },
                )
            },
            performances = List(performances) { performance(Words.record(seed, it), it) },
            seatCategoryNames = names(names, 500_000, NAMES),
            subTopicNames = names(names, 337_184_262, 30),
            topicNames = names(names, 324_846_099, 30),
            topicSubTopics = (0 until 30).associate { topic ->
                (324_846_099 + topic).toString() to List(1 + names.nextInt(5)) { 337_184_262 + names.nextInt(30) }
            },
            venueNames = names(names, 600_000, 4),
        )
    }

    private fun performance(random: Random, index: Int): Performance {
        val categories = List(1 + random.nextInt(4)) { 338_937_295 + random.nextInt(NAMES) }
        return Performance(
            id = 339_887_544L + index,
            eventId = 138_586_341L + random.nextInt(EVENTS),
            name = if (random.nextInt(5) == 0) Words.sentence(random, 2) else null,
            logo = if (random.nextInt(3) == 0) "/images/UE0AAAAACEKo${random.nextInt(100_000)}.jpg" else null,
            prices = categories.map { TicketPrice(500 * (10 + random.nextInt(300)), 337_100_890, it) },
            seatCategories = categories.map { category ->
                SeatCategory(
                    category,
                    List(1 + random.nextInt(2)) {
                        SeatArea(205_705_993 + random.nextInt(NAMES), List(random.nextInt(3)) { random.nextInt(100) })
                    },
                )
            },
            seatMapImage = null,
            start = 1_372_701_600_000L + index * 3_600_000L,
            venueCode = "PLEYEL_PLEYEL",
        )
    }

    private fun names(random: Random, firstId: Int, count: Int): Map<String, String> =
        (0 until count).associate { (firstId + it).toString() to Words.sentence(random, 1 + random.nextInt(3)) }
}
