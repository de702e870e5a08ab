package serialbench.shapes.events

import serialbench.shapes.flat.TestDataGenerator
import java.util.Locale
import kotlin.random.Random

/**
 * Makes a betting-exchange events feed from a [seed], as [TestDataGenerator] makes `flat`: the same seed gives
 * the same events on every machine, and the first `k` events of any call are the same whatever the count.
 *
 * Lengths vary as in a real feed: team sports have two participants and 2 to 9 markets of 2 or 3 runners
 * (correct score and winning margin have more), horse races 5 to 14 runners in 1 or 2 markets; a runner has
 * 0 to 3 prices a side. About 4 KB of compact JSON per event on average (1 to 11 KB). Names include accented
 * letters; about a fifth of the venues and countries are unknown (null). Odds and amounts have two decimals,
 * so that every JSON library writes and reads them back exactly.
 */
class EventsGenerator(private val seed: Long = TestDataGenerator.DEFAULT_SEED) {
    /** Returns [count] events. */
    fun events(count: Int): List<Event> {
        require(count >= 0) { "count < 0: $count" }
        val random = Random(seed)
        return List(count) { random.event() }
    }

    private fun Random.event(): Event {
        val sport = Sport.entries[nextInt(Sport.entries.size)]
        val city = pick(CITIES)
        val participants = when (sport) {
            Sport.HORSE_RACING -> List(nextInt(5, 15)) { participant("${pick(HORSE_WORDS)} ${pick(HORSE_WORDS)}") }
            Sport.TENNIS -> List(2) { participant("${pick(INITIALS)}. ${pick(SURNAMES)}") }
            else -> List(2) { participant("${pick(CITIES)} ${pick(TEAM_SUFFIXES)}") }
        }
        val startTimeEpochMillis = START_EPOCH_MILLIS + nextLong(0, START_SLOTS) * SLOT_MILLIS
        val name = if (sport == Sport.HORSE_RACING) {
            val minuteOfDay = startTimeEpochMillis / 60_000 % (24 * 60)
            "%02d:%02d %s".format(Locale.ROOT, minuteOfDay / 60, minuteOfDay % 60, city)
        } else {
            "${participants[0].name} vs ${participants[1].name}"
        }
        val markets = if (sport == Sport.HORSE_RACING) {
            listOf("Win", "Place").take(nextInt(1, 3)).map { market(it, participants.map { p -> p.name }) }
        } else {
            teamMarkets(sport, participants[0].name, participants[1].name)
        }
        return Event(
            id = id(),
            name = name,
            sport = sport,
            status = STATUSES[nextInt(STATUSES.size)],
            startTimeEpochMillis = startTimeEpochMillis,
            venue = if (nextInt(5) == 0) {
                null
            } else {
                "$city ${pick(if (sport == Sport.HORSE_RACING) RACECOURSES else ARENAS)}"
            },
            tags = tags(sport, city),
            participants = participants,
            markets = markets,
        )
    }

    private fun Random.teamMarkets(sport: Sport, home: String, away: String): List<Market> {
        val matchOdds = if (sport == Sport.SOCCER || sport == Sport.ICE_HOCKEY) {
            listOf(home, "Draw", away)
        } else {
            listOf(home, away)
        }
        val all = listOf(
            "Match Odds" to matchOdds,
            "Over/Under ${nextInt(1, 6)}.5" to listOf("Over", "Under"),
            "Handicap ${pick(HANDICAPS)}" to listOf(home, away),
            "Both Teams To Score" to listOf("Yes", "No"),
            "Half Time" to matchOdds,
            "First To Score" to listOf(home, away, "No Score"),
            "Total Points Odd/Even" to listOf("Odd", "Even"),
            "Winning Margin" to List(nextInt(4, 8)) { "$home by ${it + 1}" },
            "Correct Score" to List(nextInt(6, 13)) { "${it / 3}-${it % 3}" },
        )
        return all.take(nextInt(2, all.size + 1)).map { (name, runners) -> market(name, runners) }
    }

    private fun Random.market(name: String, runnerNames: List<String>) = Market(
        id = id(),
        name = name,
        inRunning = nextInt(4) == 0,
        volume = cents(nextLong(0, 50_000_000)),
        runners = runnerNames.map { runner(it) },
    )

    private fun Random.runner(name: String): Runner {
        val withdrawn = nextInt(20) == 0
        val fair = 101 + nextInt(1_900)
        val prices = if (withdrawn) {
            emptyList()
        } else {
            List(nextInt(4)) { price(Side.BACK, fair - it * 2) } +
                List(nextInt(4)) { price(Side.LAY, fair + 1 + it * 2) }
        }
        return Runner(id = id(), name = name, withdrawn = withdrawn, prices = prices)
    }

    private fun Random.price(side: Side, oddsCents: Int) = Price(
        side = side,
        odds = cents(oddsCents.coerceAtLeast(101).toLong()),
        availableAmount = cents(nextLong(200, 500_000)),
    )

    private fun Random.participant(name: String) =
        Participant(id = id(), name = name, country = if (nextInt(5) == 0) null else pick(COUNTRIES))

    private fun Random.tags(sport: Sport, city: String): Map<String, String> {
        val tags = LinkedHashMap<String, String>()
        tags["competition"] = "${pick(COMPETITIONS)} ${sport.name.lowercase().replace('_', ' ')}"
        tags["region"] = city
        if (nextBoolean()) tags["round"] = "Round ${nextInt(1, 39)}"
        if (nextBoolean()) tags["broadcast"] = pick(BROADCASTERS)
        if (nextInt(3) == 0) tags["weather"] = pick(WEATHER)
        return tags
    }

    /** Identifiers as exchanges hand them out: positive, 13 to 16 digits. */
    private fun Random.id(): Long = nextLong(1_000_000_000_000L, 10_000_000_000_000_000L)

    private fun <T> Random.pick(values: List<T>): T = values[nextInt(values.size)]

    /** [cents] / 100 as a Double: the double nearest the two-decimal number, as every parser reads it back. */
    private fun cents(cents: Long): Double = cents / 100.0

    private companion object {
        /** 2026-01-01T00:00:00Z; start times fall in the 60 days after it, on 5-minute slots. */
        const val START_EPOCH_MILLIS = 1_767_225_600_000L
        const val SLOT_MILLIS = 5 * 60 * 1000L
        const val START_SLOTS = 60L * 24 * 12

        /** Mostly open, as a feed of upcoming events is. */
        val STATUSES =
            List(4) { EventStatus.OPEN } + listOf(EventStatus.SUSPENDED, EventStatus.CLOSED, EventStatus.SETTLED)
        val CITIES = listOf(
            "London", "Manchester", "Leeds", "Dublin", "Madrid", "Sevilla", "Porto", "Lyon", "Milano", "Bergen",
            "München", "Zürich", "Göteborg", "Kraków", "São Paulo", "Córdoba", "Melbourne", "Chicago", "Toronto",
            "Osaka",
        )
        val TEAM_SUFFIXES = listOf("United", "City", "Rovers", "Athletic", "Wanderers", "FC", "Stars", "Rangers")
        val INITIALS = listOf("A", "B", "C", "D", "E", "J", "K", "L", "M", "N", "R", "S", "T")
        val SURNAMES = listOf(
            "Novak", "Müller", "García", "Nowak", "Silva", "Kowalski", "Smith", "Ivanov", "Rossi", "Dupont", "Jensen",
            "Tanaka",
        )
        val HORSE_WORDS = listOf(
            "Silver", "Comet", "Northern", "Dancer", "Royal", "Storm", "Golden", "Arrow", "Midnight", "Echo", "Lucky",
            "Rebel", "Blue", "Harbour", "Wild", "Whisper", "Iron", "Duke", "Crimson", "Tide",
        )
        val COUNTRIES = listOf("GB", "IE", "FR", "DE", "ES", "IT", "US", "AU", "JP", "BR", "SE", "PL")
        val ARENAS = listOf("Stadium", "Arena", "Park", "Ground", "Centre Court")
        val RACECOURSES = listOf("Racecourse", "Downs", "Park")
        val HANDICAPS = listOf("-2.5", "-1.5", "-0.5", "+0.5", "+1.5", "+2.5")
        val COMPETITIONS = listOf("Premier", "Championship", "National", "Cup", "International", "Masters")
        val BROADCASTERS = listOf("Channel 4", "Eurosport", "ESPN", "Sky Sports", "beIN", "DAZN")
        val WEATHER = listOf("sunny, 18 °C", "rain", "overcast", "wind 30 km/h", "snow")
    }
}
