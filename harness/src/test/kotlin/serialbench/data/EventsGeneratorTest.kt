package serialbench.data

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.shapes.Shapes
import serialbench.shapes.events.AdversarialEvents
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.EventsGenerator
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport
import serialbench.shapes.flat.TestDataGenerator

@Order(TestOrder.UNIT)
@Timeout(60)
class EventsGeneratorTest {
    private val events = EventsGenerator().events(500)

    @Test
    fun `the same seed gives the same events, another seed others, and a prefix does not depend on the count`() {
        assertThat(EventsGenerator(7).events(50)).isEqualTo(EventsGenerator(7).events(50))
        assertThat(EventsGenerator(7).events(50)).isNotEqualTo(EventsGenerator(8).events(50))
        assertThat(EventsGenerator(7).events(10)).isEqualTo(EventsGenerator(7).events(50).take(10))
        assertThat(Shapes.EVENTS.generate(TestDataGenerator.DEFAULT_SEED, 500)).isEqualTo(events)
    }

    @Test
    fun `the default seed gives the same events on every machine`() {
        // Pinned: a change here changes every published events payload and timing.
        assertThat(events.first().id).isEqualTo(PINNED_FIRST_ID)
        assertThat(events.first().name).isEqualTo(PINNED_FIRST_NAME)
        assertThat(
            Json.encodeToString(ListSerializer(Event.serializer()), events).length,
        ).isEqualTo(PINNED_CHARS_AT_500)
    }

    @Test
    fun `an event is a few KB of JSON and list lengths vary as in a real feed`() {
        val chars = events.map { Json.encodeToString(Event.serializer(), it).length }
        assertThat(chars.average()).isBetween(2_000.0, 8_000.0)
        assertThat(chars.min()).isLessThan(2_000)
        assertThat(chars.max()).isGreaterThan(8_000)
        assertThat(events.map { it.markets.size }.distinct()).hasSizeGreaterThanOrEqualTo(8)
        assertThat(events.map { it.participants.size }.distinct()).hasSizeGreaterThanOrEqualTo(5)
        val runners = events.flatMap { it.markets }.flatMap { it.runners }
        assertThat(runners.map { it.prices.size }.distinct()).contains(0, 1, 3, 6)
        assertThat(events.map { it.tags.size }.distinct()).hasSizeGreaterThanOrEqualTo(3)
    }

    @Test
    fun `every enum value, nulls, non-ASCII names and both booleans occur`() {
        assertThat(events.map { it.sport }.toSet()).containsExactlyInAnyOrder(*Sport.entries.toTypedArray())
        assertThat(events.map { it.status }.toSet()).containsExactlyInAnyOrder(*EventStatus.entries.toTypedArray())
        val prices = events.flatMap { it.markets }.flatMap { it.runners }.flatMap { it.prices }
        assertThat(prices.map { it.side }.toSet()).containsExactlyInAnyOrder(*Side.entries.toTypedArray())
        assertThat(events.map { it.venue }).containsNull().anyMatch { it != null }
        assertThat(events.flatMap { it.participants }.map { it.country }).containsNull().anyMatch { it != null }
        assertThat(events.map { it.name }).anyMatch { name -> name.any { it.code > 127 } }
        assertThat(
            events.flatMap {
                it.markets
            }.flatMap { it.runners }.map { it.withdrawn }.toSet(),
        ).containsExactlyInAnyOrder(true, false)
    }

    @Test
    fun `odds and amounts have at most two decimals, so every JSON library reads them back exactly`() {
        val doubles = events.flatMap { it.markets }.flatMap { market ->
            listOf(market.volume) + market.runners.flatMap { it.prices }.flatMap { listOf(it.odds, it.availableAmount) }
        }
        assertThat(doubles).isNotEmpty().allSatisfy { value ->
            assertThat(value).isPositive()
            assertThat(value.toString().substringAfter('.').length).isLessThanOrEqualTo(2)
        }
    }

    @Test
    fun `adversarial events hold every enum value, empty collections, nulls and extreme numbers`() {
        val adversarial = AdversarialEvents.events
        assertThat(adversarial.map { it.sport }.toSet()).containsExactlyInAnyOrder(*Sport.entries.toTypedArray())
        assertThat(adversarial.map { it.status }.toSet()).containsExactlyInAnyOrder(*EventStatus.entries.toTypedArray())
        assertThat(adversarial).anyMatch {
            it.tags.isEmpty() && it.participants.isEmpty() && it.markets.isEmpty() &&
                it.venue == null
        }
        assertThat(adversarial.map { it.venue }).contains("")
        assertThat(adversarial.flatMap { it.participants }.map { it.country }).contains(null, "")
        assertThat(adversarial.map { it.id }).contains(Long.MIN_VALUE, Long.MAX_VALUE)
        val prices = adversarial.flatMap { it.markets }.flatMap { it.runners }.flatMap { it.prices }
        assertThat(
            prices.flatMap {
                listOf(it.odds, it.availableAmount)
            },
        ).contains(Double.MAX_VALUE, Double.MIN_VALUE, 0.30000000000000004)
        assertThat(adversarial.flatMap { it.tags.keys }).contains("", "\"", "\u0000", "😀")
    }

    private companion object {
        const val PINNED_FIRST_ID = 2_151_795_970_649_727L
        const val PINNED_FIRST_NAME = "London Stars vs Chicago Stars"
        const val PINNED_CHARS_AT_500 = 2_039_834
    }
}
