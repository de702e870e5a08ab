package serialbench.documentset

import serialbench.documentset.DocumentKind.Companion.CARD
import serialbench.documentset.DocumentKind.Companion.CATALOG
import serialbench.documentset.DocumentKind.Companion.COLUMNS
import serialbench.documentset.DocumentKind.Companion.SETTINGS
import serialbench.documentset.DocumentKind.Companion.TIMELINE

/**
 * The documents on which `kotlinx-json-parallel` must never be slower than `kotlinx-json` (`bench.documentSet`):
 * compact and indented (2 and 4 spaces, tabs), many small members or a few large ones, 1 KB to 20 MB, real-world
 * structures (timelines of posts, catalogs of events) and a document with no large member. Each is measured as its
 * class and as a `JsonElement` tree ([DocumentMode]).
 */
object DocumentSet {
    private const val KB = 1_000
    private const val MB = 1_000_000

    val ALL: List<SetDocument> = listOf(
        SetDocument("card-1kb", CARD, KB, Layout.COMPACT),
        SetDocument("settings-100kb-indent2", SETTINGS, 100 * KB, Layout.TWO_SPACES),
        SetDocument("timeline-40kb", TIMELINE, 40 * KB, Layout.COMPACT),
        SetDocument("timeline-600kb-indent4", TIMELINE, 600 * KB, Layout.FOUR_SPACES),
        SetDocument("timeline-5mb-tabs", TIMELINE, 5 * MB, Layout.TABS),
        SetDocument("catalog-1700kb-indent4", CATALOG, 1_700 * KB, Layout.FOUR_SPACES),
        SetDocument("catalog-20mb", CATALOG, 20 * MB, Layout.COMPACT),
        SetDocument("columns-2mb-tabs", COLUMNS, 2 * MB, Layout.TABS),
        SetDocument("columns-10mb", COLUMNS, 10 * MB, Layout.COMPACT),
    )

    val ids: List<String> get() = ALL.map { it.id }

    fun byId(id: String): SetDocument = ALL.firstOrNull { it.id == id }
        ?: throw IllegalArgumentException("no document '$id' in the set; known: ${ids.joinToString(", ")}")
}

/** How a document of the set is read and written: into its class, or into a kotlinx `JsonElement` tree. */
enum class DocumentMode(val id: String) {
    CLASS("class"),
    TREE("tree"),
}
