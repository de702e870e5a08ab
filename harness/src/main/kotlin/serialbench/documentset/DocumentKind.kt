package serialbench.documentset

import kotlinx.serialization.KSerializer

/**
 * One kind of document of the set: its root class's [serializer] and how to [make] one of a number of records (the
 * posts of a timeline, the performances of a catalog) from a seed; a kind that does not [repeat]s has one size.
 */
class DocumentKind<T : Any>(
    val id: String,
    /** What the document is, for the report: its structure, where its bulk is. */
    val description: String,
    val serializer: KSerializer<T>,
    val repeats: Boolean = true,
    val make: (seed: Long, records: Int) -> T,
) {
    companion object {
        val TIMELINE = DocumentKind(
            "timeline",
            "a page of a timeline: posts with their authors and entities (the bulk), then the page's metadata",
            Timeline.serializer(),
        ) { seed, records -> TimelineGenerator.timeline(seed, records) }

        val CATALOG = DocumentKind(
            "catalog",
            "a box office's catalog: a dozen small maps of names, 180 events keyed by id, then the performances " +
                "(the bulk), each with small lists of prices and seat categories",
            EventCatalog.serializer(),
        ) { seed, records -> EventCatalogGenerator.catalog(seed, records) }

        val SETTINGS = DocumentKind(
            "settings",
            "a service's settings: many sections, each a few small lists and maps, none large",
            Settings.serializer(),
        ) { seed, records -> SmallDocumentsGenerator.settings(seed, records) }

        val COLUMNS = DocumentKind(
            "columns",
            "a sensor's readings as three large lists: timestamps, doubles and short labels",
            Columns.serializer(),
        ) { seed, records -> SmallDocumentsGenerator.columns(seed, records) }

        val CARD = DocumentKind(
            "card",
            "a product card: no large member at all",
            Card.serializer(),
            repeats = false,
        ) { seed, records -> SmallDocumentsGenerator.card(seed, records) }
    }
}
