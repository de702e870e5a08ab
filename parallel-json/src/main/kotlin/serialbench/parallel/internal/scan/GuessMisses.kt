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

    /** Whether to guess for the place of [key] at [path]: until a guess there (past [MAX_PLACES]: of [key]) missed */
    fun guesses(key: Any, path: List<String>): Boolean =
        key !in keys && (places.isEmpty() || PlaceAt(key, path) !in places)

    /** Records that a guess for the place of [key] at [path] missed. */
    fun missed(key: Any, path: List<String>) {
        if (places.size < MAX_PLACES) places += PlaceAt(key, path) else keys += key
    }

    /** After a document with [places] failed to decode in parts: stops guessing the ends of those guessed. */
    fun missedEnds(places: List<DocumentOutline.Place>) {
        for (place in places) if (place.guessed) missed(place.key, place.path)
    }

    private data class PlaceAt(val key: Any, val path: List<String>)

    companion object {
        const val MAX_PLACES = 256
    }
}
