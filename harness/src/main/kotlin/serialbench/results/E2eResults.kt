package serialbench.results

import kotlinx.serialization.Serializable

/**
 * An end-to-end HTTP run: the contents of `target/e2e-results.json`. It records how it was made ([method],
 * [stack]) so that its report renders from the file alone.
 */
@Serializable
data class E2eResults(
    val environment: Environment,
    val stack: HttpStack,
    val method: E2eMethod,
    val rows: List<E2eRow>,
    /** The bad requests the run sent after the measured ones, and how the server answered each. */
    val refused: List<RefusedRequest> = emptyList(),
    /** Good requests sent right after the bad ones (one per codec and shape), all answered 200. */
    val acceptedAfterRefused: Int = 0,
    val unsupported: List<UnsupportedCell> = emptyList(),
)
