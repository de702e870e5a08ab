package serialbench.run

/** These values when every one is known, else null: a total of forks' figures is known only if each fork's is. */
internal fun <T : Any> List<T?>.allOrNull(): List<T>? = if (any { it == null }) null else map { it!! }
