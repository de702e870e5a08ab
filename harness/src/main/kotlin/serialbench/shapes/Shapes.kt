package serialbench.shapes

import serialbench.bindings.Bindings
import serialbench.config.Option
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.model.ModelShapes
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
 * A shape with settings (`upload`'s content size) declares them as its [Shape.options], which [options] collects
 * for the run's configuration, help and docs; [byId] makes it with the run's [ShapeSettings]. The constants here
 * use the defaults.
 */
object Shapes {
    /** The seed workload: [FlatShape]. */
    val FLAT: Shape<TestObject> = Bindings.bind(FlatShape.shape)

    /** A betting-exchange events feed: [EventsShape]. */
    val EVENTS: Shape<Event> = Bindings.bind(EventsShape.shape)

    /** An image upload with the default content size: [UploadShape]. */
    val UPLOAD: Shape<Upload> = Bindings.bind(UploadShape.shape(ShapeSettings.NONE))

    /** The `upload` shape with [settings]' content size: [UPLOAD] itself at the default. */
    fun upload(settings: ShapeSettings): Shape<Upload> {
        val atDefault = settings[UploadShape.CONTENT_BYTES] == UploadShape.CONTENT_BYTES.default
        return if (atDefault) UPLOAD else Bindings.bind(UploadShape.shape(settings))
    }

    /** One line per shape, in report order: how each is made with the run's settings. */
    private val makers: List<(ShapeSettings) -> Shape<*>> = listOf({ FLAT }, { EVENTS }, ::upload)

    /** Every shape with the default settings, in report order. */
    val all: List<Shape<*>> get() = makers.map { it(ShapeSettings.NONE) }

    val ids: List<String> get() = all.map { it.id }

    /** Every shape's own options, in report order. */
    val options: List<Option<*>> get() = all.flatMap { it.options }

    /**
     * Every option a shape is made from: the shapes' own and the user's type's ([ModelShapes.OPTIONS]), what
     * forks and fresh JVMs are handed as [ShapeSettings].
     */
    val settingOptions: List<Option<*>> get() = options + ModelShapes.OPTIONS

    /**
     * The shape with [id], made with [settings]: a built-in one, or the user's type (`model:<SimpleName>`) that
     * [settings] name; an unknown id fails with the valid ones.
     */
    @JvmOverloads
    fun byId(id: String, settings: ShapeSettings = ShapeSettings.NONE): Shape<*> {
        if (id.startsWith(ModelShapes.PREFIX) && id == ModelShapes.idOf(settings)) return ModelShapes.of(settings)!!
        return makers.firstNotNullOfOrNull { make -> make(settings).takeIf { it.id == id } }
            ?: throw IllegalArgumentException("unknown shape '$id'; valid shapes: ${ids.joinToString(", ")}")
    }
}
