package serialbench.results

import kotlinx.serialization.Serializable

/** One bad request of the run: what was wrong with it, and the server's status and message. */
@Serializable
data class RefusedRequest(
    val codec: String,
    val shape: String,
    /** What was wrong: `empty`, `truncated`, `malformed`, `wrong-type`, `wrong-shape`, `oversized`. */
    val kind: String,
    val bodyBytes: Int,
    val status: Int,
    val message: String,
)
