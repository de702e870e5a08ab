package serialbench.http

/** How a library's exception reads in a refusal: its class and message, and its causes', cut to a readable length. */
internal object ExceptionText {
    const val MAX_CHARS = 300

    fun of(e: Throwable): String {
        val chain = generateSequence(e) { it.cause?.takeIf { cause -> cause !== it } }.take(3).toList()
        // A cause whose message the wrapper already carries adds nothing.
        val told = chain.filterIndexed { i, cause ->
            val message = cause.message
            i == 0 || message.isNullOrBlank() || message !in chain[i - 1].message.orEmpty()
        }
        val text = told.joinToString("; caused by ") { "${it.javaClass.simpleName}: ${it.message?.replace('\n', ' ')}" }
        return if (text.length <= MAX_CHARS) text else text.take(MAX_CHARS) + "..."
    }
}
