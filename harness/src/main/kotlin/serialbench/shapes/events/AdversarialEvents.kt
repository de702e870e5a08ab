package serialbench.shapes.events

import serialbench.shapes.flat.AdversarialData

/**
 * Events that break naive encoders and splitters: the strings of [AdversarialData] in names, map keys and
 * values; null and empty venue and country; empty maps and lists at every level; the extreme [Long] values;
 * doubles at the edges of the range and with 17 significant digits (all exactly representable in JSON); every
 * value of every enum.
 */
object AdversarialEvents {
    private val strings: List<String> = AdversarialData.objects.flatMap { it.items + it.name }.distinct()

    private val prices: List<Price> = listOf(
        Price(Side.BACK, 1.01, 0.0),
        Price(Side.LAY, Double.MAX_VALUE, Double.MIN_VALUE),
        Price(Side.BACK, 1.0E-300, 1.0E300),
        Price(Side.LAY, 0.30000000000000004, 123456789.12),
        Price(Side.BACK, -2.5, 9.007199254740993E15),
        Price(Side.LAY, 1000.0, 2.2250738585072014E-308),
    )

    val events: List<Event> = listOf(
        Event(0, "", Sport.SOCCER, EventStatus.OPEN, 0, null, emptyMap(), emptyList(), emptyList()),
        Event(
            Long.MAX_VALUE, "quote\"d \\ name", Sport.TENNIS, EventStatus.SUSPENDED, Long.MAX_VALUE, "",
            mapOf("" to ""), listOf(Participant(Long.MIN_VALUE, "", null), Participant(-1, "\u0000", "")),
            listOf(Market(Long.MIN_VALUE, "", false, 0.0, emptyList())),
        ),
        Event(
            Long.MIN_VALUE, "},{", Sport.BASKETBALL, EventStatus.CLOSED, Long.MIN_VALUE, "},{\"venue\":null}",
            strings.associateWith { "value of $it" }, strings.map { Participant(it.length.toLong(), it, it) },
            listOf(
                Market(
                    1,
                    "Match Odds",
                    true,
                    Double.MAX_VALUE,
                    listOf(Runner(1, "withdrawn", true, emptyList()), Runner(2, "priced", false, prices)),
                ),
            ),
        ),
        Event(
            -42, "Привет 漢字 emoji 😀 👍🏽", Sport.ICE_HOCKEY, EventStatus.SETTLED, -1, "Estádio do Dragão",
            mapOf(
                "region" to "São Paulo",
                "ctl" to "\n\r\t\b\u000C\u001F\u007F",
                "line separators" to "a\u2028b\u2029c",
            ),
            listOf(Participant(7, "Ёлка", "RU"), Participant(8, "日本語", null)),
            listOf(
                Market(
                    3,
                    "😀 \u2028 \"",
                    false,
                    0.01,
                    strings.take(8).map {
                        Runner(it.length.toLong(), it, false, prices.take(1))
                    },
                ),
            ),
        ),
        Event(
            1, " spaced ", Sport.HORSE_RACING, EventStatus.OPEN, 1_767_225_600_000, "\u00A0\uFEFF",
            mapOf("</script>" to "http://example.com/a/b", "\\/" to "/"), emptyList(),
            listOf(
                Market(
                    2,
                    "Win",
                    false,
                    1.5,
                    listOf(Runner(3, "Silver Comet", false, listOf(Price(Side.LAY, 1.5, 2.0)))),
                ),
            ),
        ),
    )
}
