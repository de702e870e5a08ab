package serialbench.stream

import com.fasterxml.jackson.core.JsonParser
import serialbench.data.Shape
import serialbench.data.Shapes

/**
 * A hand-written reader of one element from Jackson's token stream, field by field, with no data binding: what
 * a service writes when it wants the last bit of speed or the first element early. Called with the parser on the
 * element's `START_OBJECT`; returns with it on the matching `END_OBJECT`. Refuses unknown fields, missing fields
 * and wrong token types with the field's name, as the mappers do.
 */
internal fun interface TokenLoop<T : Any> {
    fun read(parser: JsonParser): T

    companion object {
        /** The hand-written loop for [shape], or `null` where none is written. */
        @Suppress("UNCHECKED_CAST")
        fun <T : Any> forShape(shape: Shape<T>): TokenLoop<T>? = when (shape.id) {
            Shapes.FLAT.id -> FlatTokenLoop as TokenLoop<T>
            Shapes.EVENTS.id -> EventsTokenLoop as TokenLoop<T>
            else -> null
        }
    }
}
