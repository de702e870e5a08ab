package serialbench.parallel.internal.scan

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** Guesses that missed are remembered for their place, and for a whole key only past the places remembered. */
class GuessMissesTest {
    private val events = Any()
    private val users = Any()

    @Test
    fun `a miss stops guessing at its own place only, whatever the other places hold`() {
        val misses = GuessMisses()
        misses.missed(events, listOf("data", "events"))
        assertThat(misses.guesses(events, listOf("data", "events"))).isFalse()
        assertThat(misses.guesses(events, listOf("archive", "events"))).isTrue()
        assertThat(misses.guesses(users, listOf("data", "events"))).isTrue()
        assertThat(misses.guesses(events, emptyList())).isTrue()
    }

    @Test
    fun `past the places it remembers, a miss stops guessing for every place of its key, and memory stays bounded`() {
        val misses = GuessMisses()
        repeat(GuessMisses.MAX_PLACES) { misses.missed(users, listOf("user-$it")) }
        assertThat(misses.guesses(events, listOf("x"))).isTrue()
        repeat(10_000) { misses.missed(events, listOf("event-$it")) }
        assertThat(misses.guesses(events, listOf("never-seen"))).isFalse()
        assertThat(misses.guesses(users, listOf("never-seen"))).isTrue()
        assertThat(misses.guesses(users, listOf("user-7"))).isFalse()
    }

    @Test
    fun `a document's guessed ends that failed are remembered, its read ends are not`() {
        val misses = GuessMisses()
        val guessed = DocumentOutline.Place(listOf("a"), 10, 5000, Brackets.ARRAY, events, guessed = true)
        val read = DocumentOutline.Place(listOf("b"), 5001, 9000, Brackets.ARRAY, events)
        misses.missedEnds(listOf(guessed, read))
        assertThat(misses.guesses(events, listOf("a"))).isFalse()
        assertThat(misses.guesses(events, listOf("b"))).isTrue()
    }

    @Test
    fun `a place read to its end is guessed before its follower next, until such a guess misses`() {
        val misses = GuessMisses()
        misses.followedBy(events, listOf("a"), "b")
        assertThat(misses.follower(events, listOf("a"))).isEqualTo("b")
        assertThat(misses.follower(events, listOf("b"))).isNull()
        val before = DocumentOutline.Place(
            listOf("a"),
            10,
            5000,
            Brackets.ARRAY,
            events,
            guessed = true,
            follower = "b",
        )
        misses.missedEnds(listOf(before))
        assertThat(misses.follower(events, listOf("a"))).isNull()
        assertThat(misses.guesses(events, listOf("a"))).describedAs("a follower's miss is not the tail's").isTrue()
        misses.followedBy(events, listOf("a"), "b")
        assertThat(misses.follower(events, listOf("a"))).describedAs("not learned again").isNull()
    }

    @Test
    fun `followers are remembered for a bounded number of places`() {
        val misses = GuessMisses()
        repeat(10_000) { misses.followedBy(users, listOf("user-$it"), "next") }
        assertThat((0 until 10_000).count { misses.follower(users, listOf("user-$it")) != null })
            .isEqualTo(GuessMisses.MAX_PLACES)
    }
}
