package example.documents

import java.util.Random

/**
 * The records of a [Programme]: performance `i` depends only on the seed and `i`; the names and the shows come from
 * the seed alone, so a programme of `n + 1` performances starts with the performances of the one of `n`.
 */
internal object ProgrammeGenerator {
    /** A programme of [performances] performances. */
    fun programme(performances: Int, seed: Long): Programme {
        val names = Random(seed xor 0x9406AL)
        val topics = ids(TOPIC_BASE, TOPICS.size).zip(TOPICS).toMap()
        val subTopics = ids(SUB_TOPIC_BASE, SUB_TOPICS.size).zip(SUB_TOPICS).toMap()
        val topicSubTopics = topics.keys.associateWith { _ ->
            subTopics.keys.shuffled(names).take(1 + names.nextInt(4)).map { it.toInt() }.sorted()
        }
        val shows = LinkedHashMap<String, Show>()
        for (index in 0 until SHOWS) {
            val show = show(names, index, topics.keys.toList(), subTopics.keys.toList())
            shows[show.id.toString()] = show
        }
        return Programme(
            venues = VENUES.associate { it.first to it.second },
            areas = ids(AREA_BASE, AREAS).zip(List(AREAS) { "Area ${areaName(it)}" }).toMap(),
            audiences = ids(AUDIENCE_BASE, AUDIENCES.size).zip(AUDIENCES).toMap(),
            seatCategories = ids(SEAT_CATEGORY_BASE, SEAT_CATEGORIES).zip(List(SEAT_CATEGORIES) { "Cat. ${it + 1}" })
                .toMap(),
            topics = topics,
            subTopics = subTopics,
            topicSubTopics = topicSubTopics,
            shows = shows,
            performances = List(performances) {
                performance(Generator.recordRandom(seed, it), it, shows.values.toList())
            },
        )
    }

    private fun show(random: Random, index: Int, topics: List<String>, subTopics: List<String>): Show {
        val title = TITLES[random.nextInt(TITLES.size)] + " " + ROMAN[index % ROMAN.size]
        return Show(
            id = SHOW_BASE + index * 7L + random.nextInt(5),
            name = title,
            subtitle = if (random.nextInt(3) == 0) SUBTITLES[random.nextInt(SUBTITLES.size)] else null,
            description = if (random.nextInt(4) == 0) {
                "« $title » — ${SUBTITLES[random.nextInt(SUBTITLES.size)]}"
            } else {
                null
            },
            logo = if (random.nextBoolean()) "/images/shows/$index.jpg" else null,
            topicIds = topics.shuffled(random).take(1 + random.nextInt(3)).map { it.toInt() },
            subTopicIds = subTopics.shuffled(random).take(random.nextInt(5)).map { it.toInt() },
        )
    }

    private fun performance(random: Random, index: Int, shows: List<Show>): Performance {
        val show = shows[random.nextInt(shows.size)]
        val categories = ids(SEAT_CATEGORY_BASE, SEAT_CATEGORIES).shuffled(random).take(2 + random.nextInt(6))
            .map { it.toLong() }.sorted()
        val audiences = ids(AUDIENCE_BASE, AUDIENCES.size).map { it.toLong() }
        val prices = categories.flatMap { category ->
            val base = 1_500 + random.nextInt(60) * 500
            audiences.take(1 + random.nextInt(audiences.size)).mapIndexed { i, audience ->
                TicketPrice(base - i * 250, audience, category)
            }
        }
        val seats = categories.map { category ->
            val areas = ids(AREA_BASE, AREAS).shuffled(random).take(3 + random.nextInt(10)).map { it.toLong() }.sorted()
            SeatCategorySeats(
                seatCategoryId = category,
                areas = areas.map { area ->
                    val blocks = if (random.nextInt(8) == 0) List(1 + random.nextInt(3)) { 10 + it } else emptyList()
                    AreaBlocks(area, blocks)
                },
            )
        }
        return Performance(
            id = PERFORMANCE_BASE + index * 3L + random.nextInt(3),
            showId = show.id,
            name = if (random.nextInt(10) == 0) show.name + " (matinée)" else null,
            logo = show.logo,
            starts = FIRST_START + index * 86_400_000L / 3 + random.nextInt(4) * 3_600_000L,
            venueCode = VENUES[random.nextInt(VENUES.size)].first,
            seatMapImage = if (random.nextInt(20) == 0) "/images/seats/${show.id}.png" else null,
            prices = prices,
            seats = seats,
        )
    }

    private fun ids(base: Long, count: Int): List<String> = List(count) { (base + it).toString() }

    private fun areaName(index: Int): String = ('A' + index % 26).toString() + (if (index >= 26) index / 26 else "")

    private const val SHOWS = 180
    private const val AREAS = 40
    private const val SEAT_CATEGORIES = 64
    private const val TOPIC_BASE = 107_888_000L
    private const val SUB_TOPIC_BASE = 337_184_000L
    private const val AREA_BASE = 205_705_000L
    private const val AUDIENCE_BASE = 337_100_890L
    private const val SEAT_CATEGORY_BASE = 338_937_200L
    private const val SHOW_BASE = 138_586_000L
    private const val PERFORMANCE_BASE = 339_887_000L
    private const val FIRST_START = 1_801_000_000_000L

    private val VENUES = listOf(
        "PLEYEL_PLEYEL" to "Salle Pleyel",
        "GRANDE_SALLE" to "Grande salle",
        "AMPHI" to "Amphithéâtre",
        "STUDIO" to "Studio « Lumière »",
        "PARK" to "Open-air stage, Park",
    )
    private val AUDIENCES = listOf("Adult", "Child (under 12)", "Student", "Senior 65+", "Ticket « Duo »")
    private val TOPICS = listOf(
        "Classical", "Jazz", "Opera", "Dance", "Theatre", "Family", "World music", "Chamber music", "Cinema",
        "Talks", "Festival", "Late night",
    )
    private val SUB_TOPICS = listOf(
        "Symphony", "Piano", "Strings", "Baroque", "Contemporary", "Ballet", "Musical", "Lieder", "Choir",
        "Improvisation", "Big band", "Puppets", "Film concert", "Exhibition",
    )
    private val TITLES = listOf(
        "Orchestre de la Ville", "Quatuor Nordlicht", "The Winter Journey", "Noches de Buenos Aires",
        "Young Soloists", "Bach: Goldberg-Variationen", "Les Ballets du Lac", "Jazz at Midnight",
        "Carmina Burana", "Ciné-concert: Metropolis", "Sinfonietta", "Chœur d'enfants",
    )
    private val SUBTITLES = listOf(
        "Direction: Anna Müller", "With the city's youth choir", "Première", "Nouvelle production",
        "Sung in Italian, surtitled in French and English", "Duration 1 h 45 incl. interval",
    )
    private val ROMAN = listOf("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
}
