package serialbench.model

/** The user's own type (`bench.model`) cannot be measured, and why: refused before anything is timed. */
class ModelException(message: String, cause: Throwable? = null) : IllegalArgumentException(message, cause)
