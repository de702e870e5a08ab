package serialbench.shapes

import serialbench.bindings.Bindings
import serialbench.data.Shape
import serialbench.data.ShapeOptions
import serialbench.shapes.events.Event
import serialbench.shapes.events.EventsShape
import serialbench.shapes.flat.FlatShape
import serialbench.shapes.flat.TestObject
import serialbench.shapes.upload.Upload
import serialbench.shapes.upload.UploadShape

/**
 * The closed registry of shapes, by stable id: one line per shape, whose folder (`shapes/<id>/`) holds its model,
 * generator and damaged data. Each shape is bound here to what codecs need beyond it (`serialbench.bindings`).
 * Ids are a contract: `bench.shapes` and the results file use them.
 *
 * A shape with settings (`upload`'s content size, see [ShapeOptions]) is resolved by [byId] with the run's
 * options; the constants here use the defaults.
 */
object Shapes {
    /** The seed workload: [FlatShape]. */
    val FLAT: Shape<TestObject> = Bindings.bind(FlatShape.shape)

    /** A betting-exchange events feed: [EventsShape]. */
    val EVENTS: Shape<Event> = Bindings.bind(EventsShape.shape)

    /** An image upload with the default content size: [UploadShape]. */
    val UPLOAD: Shape<Upload> = upload(ShapeOptions())

    /** The `upload` shape with [options]' content size. */
    fun upload(options: ShapeOptions): Shape<Upload> = Bindings.bind(UploadShape.shape(options))

    /** Every shape with the default options, in report order. */
    val all: List<Shape<*>> get() = listOf(FLAT, EVENTS, UPLOAD)

    val ids: List<String> get() = all.map { it.id }

    /** The shape with [id], made with [options]; an unknown id fails with the valid ones. */
    @JvmOverloads
    fun byId(id: String, options: ShapeOptions = ShapeOptions()): Shape<*> =
        if (id == UPLOAD.id) upload(options) else all.firstOrNull { it.id == id }
            ?: throw IllegalArgumentException("unknown shape '$id'; valid shapes: ${ids.joinToString(", ")}")
}
