package serialbench.parallel.internal.scan

import java.util.concurrent.ConcurrentHashMap

/**
 * Where a guess proved wrong (a place's guessed end, a text's guessed cuts), remembered by place: by what it holds
 * (its key) and where it is (its path from the root, empty for a whole text), so that one place that defeats
 * guessing does not stop it for every place that holds the same. At most [MAX_PLACES] places are remembered (a
 * tree's paths are its text's own member names, which may never repeat); past that, a miss stops guessing for
 * every place of its key. Thread safe.
 */
internal class GuessMisses {
    private val places: MutableSet<PlaceAt> = ConcurrentHashMap.newKeySet()
    private val keys: MutableSet<Any> = ConcurrentHashMap.newKeySet()

    /** The member that followed a place read to its end, by place: its end is then guessed before that member. */
    private val followers = ConcurrentHashMap<PlaceAt, String>()

    /** Places whose end guessed before their follower missed: read to their end from then on. */
    private val followersMissed: MutableSet<PlaceAt> = ConcurrentHashMap.newKeySet()

    /** Whether to guess for the place of [key] at [path]: until a guess there (past [MAX_PLACES]: of [key]) missed */
    fun guesses(key: Any, path: List<String>): Boolean =
        key !in keys && (places.isEmpty() || PlaceAt(key, path) !in places)

    /** Records that a guess for the place of [key] at [path] missed. */
    fun missed(key: Any, path: List<String>) {
        if (places.size < MAX_PLACES) places += PlaceAt(key, path) else keys += key
    }

    /**
     * The key of the member that followed the place of [key] at [path] when it was read to its end, where its end is
     * to be guessed before that member ([GuessedCuts.endBefore]); null when none is known, or such a guess missed.
     */
    fun follower(key: Any, path: List<String>): String? = followers[PlaceAt(key, path)]

    /** Records that the place of [key] at [path], read to its end, was followed by the member [follower]. */
    fun followedBy(key: Any, path: List<String>, follower: String) {
        val place = PlaceAt(key, path)
        if (place !in followersMissed &&
            (followers.size < MAX_PLACES || followers.containsKey(place))
        ) {
            followers[place] = follower
        }
    }

    /**
     * After a document with [places] failed to decode in parts: stops guessing the ends of those guessed, the way
     * each was guessed (before its follower, or from the text's end).
     */
    fun missedEnds(places: List<DocumentOutline.Place>) {
        for (place in places) {
            if (!place.guessed) continue
            if (place.follower == null) {
                missed(place.key, place.path)
            } else {
                val at = PlaceAt(place.key, place.path)
                followersMissed += at
                followers.remove(at)
            }
        }
    }

    private data class PlaceAt(val key: Any, val path: List<String>)

    companion object {
        const val MAX_PLACES = 256
    }
}
