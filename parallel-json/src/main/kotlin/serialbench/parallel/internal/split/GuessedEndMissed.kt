package serialbench.parallel.internal.split

/**
 * Thrown where a place's slices failed and its end, guessed from the text rather than read
 * (`DocumentOutline.Place.guessed`), is not where its value ends: the guess failed, not the text. The document's
 * reader reads it whole, counted as [Fallback.GUESSED_END_MISSED]; the place's later ends are guessed otherwise.
 */
internal object GuessedEndMissed : RuntimeException("a large member's guessed end was wrong", null, false, false) {
    private fun readResolve(): Any = GuessedEndMissed
}
