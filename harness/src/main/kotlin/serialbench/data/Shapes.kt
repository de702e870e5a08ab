package serialbench.data

import java.util.Locale
import serialbench.model.Event
import serialbench.model.EventStatus
import serialbench.model.Market
import serialbench.model.Participant
import serialbench.model.Price
import serialbench.model.Runner
import serialbench.model.Side
import serialbench.model.Sport
import serialbench.model.TestObject
import serialbench.model.Upload

/**
 * The closed registry of shapes, by stable id. Ids are a contract: `bench.shapes` and the results file use them.
 *
 * A shape with settings (`upload`'s content size, see [ShapeOptions]) is resolved by [byId] with the run's
 * options; the constants here use the defaults.
 */
object Shapes {
    /** The seed workload: `TestObject` with a 5-character name, an Int and 100 items of 10 characters. */
    val FLAT: Shape<TestObject> = Shape(
        id = "flat",
        description = "`TestObject(name: String, value: Int, items: List<String>)` with a 5-character name, " +
            "a random Int and 100 items of 10 characters (about 1.3 KB of JSON each)",
        elementClass = TestObject::class.java,
        serializer = TestObject.serializer(),
        defaultSizes = listOf(10, 100, 1_000, 10_000, 100_000),
        classes = listOf(TestObject::class.java),
        heapBytesPerElement = 8 * 1024,
        adversarial = AdversarialData.objects,
    ) { seed, count -> TestDataGenerator(seed).objects(count) }

    /** A betting-exchange events feed, as the API responses of reference 003 (1, 20 and 50 events). */
    val EVENTS: Shape<Event> = Shape(
        id = "events",
        description = "`Event` of a betting-exchange feed (id, name, sport and status enums, start time, nullable " +
            "venue, a map of tags, participants, markets of runners with back and lay prices), about 4 KB of JSON each",
        elementClass = Event::class.java,
        serializer = Event.serializer(),
        defaultSizes = listOf(1, 20, 50, 1_000, 10_000),
        classes = listOf(
            Event::class.java, Participant::class.java, Market::class.java, Runner::class.java, Price::class.java,
            Sport::class.java, EventStatus::class.java, Side::class.java,
        ),
        // Measured: 5.8 KB of heap per event decoded by kotlinx Json (20,000 events; flat: 6.2 KB); rounded up as flat's.
        heapBytesPerElement = 8 * 1024,
        adversarial = AdversarialEvents.events,
    ) { seed, count -> EventsGenerator(seed).events(count) }

    /** The upload of reference 002 with [ShapeOptions.uploadBytes] of content per record (256 KiB by default). */
    val UPLOAD: Shape<Upload> = upload(ShapeOptions())

    /** The `upload` shape with [options]' content size. */
    fun upload(options: ShapeOptions): Shape<Upload> = Shape(
        id = "upload",
        description = "`Upload` of an image (id, file name, content type, size, three timestamps, tags) with " +
            "${"%,d".format(Locale.ROOT, options.uploadBytes)} bytes of random content each, base64 in JSON",
        elementClass = Upload::class.java,
        serializer = Upload.serializer(),
        defaultSizes = listOf(1, 10, 100),
        classes = listOf(Upload::class.java),
        // The record, its base64 text (4/3 of the content) and a UTF-16 builder of that text while encoding
        // (8/3) live at once: about twice the content per copy that HeapCheck counts.
        heapBytesPerElement = 2L * options.uploadBytes + 4 * 1024,
        adversarial = AdversarialUploads.uploads,
    ) { seed, count -> UploadGenerator(seed, options.uploadBytes).uploads(count) }

    /** Every shape with the default options, in report order. */
    val all: List<Shape<*>> get() = listOf(FLAT, EVENTS, UPLOAD)

    val ids: List<String> get() = all.map { it.id }

    /** The shape with [id], made with [options]; an unknown id fails with the valid ones. */
    @JvmOverloads
    fun byId(id: String, options: ShapeOptions = ShapeOptions()): Shape<*> = when (id) {
        UPLOAD.id -> upload(options)
        else -> all.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown shape '$id'; valid shapes: ${ids.joinToString(", ")}")
    }
}
