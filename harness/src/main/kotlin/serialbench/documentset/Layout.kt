package serialbench.documentset

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.Json

/** How a document of the set is written: compact, or indented as people read it (kotlinx `prettyPrint`). */
enum class Layout(val id: String, private val indent: String?) {
    COMPACT("compact", null),
    TWO_SPACES("indented by 2 spaces", "  "),
    FOUR_SPACES("indented by 4 spaces", "    "),
    TABS("indented by tabs", "\t"),
    ;

    /** The `Json` that writes this layout; reading, every layout's `Json` accepts every layout. */
    @OptIn(ExperimentalSerializationApi::class)
    fun json(): Json = if (indent == null) {
        Json
    } else {
        Json {
            prettyPrint = true
            prettyPrintIndent = indent
        }
    }
}
