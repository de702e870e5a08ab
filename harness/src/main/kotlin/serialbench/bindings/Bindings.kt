package serialbench.bindings

import serialbench.bindings.events.EVENTS_BINDINGS
import serialbench.bindings.flat.FLAT_BINDINGS
import serialbench.bindings.upload.UPLOAD_BINDINGS
import serialbench.data.Shape
import serialbench.data.ShapeKey
import serialbench.shapes.events.EventsShape
import serialbench.shapes.flat.FlatShape
import serialbench.shapes.upload.UploadShape

/**
 * The one place where a shape meets the codecs that cannot work from its serializer and classes alone: its
 * protobuf mappings, its hand-written token loop, its Fory JSON mixins. Neither side imports this package: a
 * codec declares the [ShapeKey] it needs, a shape knows no codec, and `Shapes` binds each shape it resolves.
 * One line per shape; a shape without a line is measured by every codec that needs nothing more.
 */
object Bindings {
    private val byShape: Map<String, Map<ShapeKey<*>, Any>> = mapOf(
        FlatShape.ID to FLAT_BINDINGS,
        EventsShape.ID to EVENTS_BINDINGS,
        UploadShape.ID to UPLOAD_BINDINGS,
    )

    /** [shape] with what is bound to it here. */
    fun <T : Any> bind(shape: Shape<T>): Shape<T> = byShape[shape.id]?.let { shape.withExtensions(it) } ?: shape
}
