package serialbench.stream

import com.fasterxml.jackson.core.JsonParser
import serialbench.data.Shape
import serialbench.data.ShapeKey

/**
 * A hand-written reader of one element from Jackson's token stream, field by field, with no data binding: what
 * a service writes when it wants the last bit of speed or the first element early. Called with the parser on the
 * element's `START_OBJECT`; returns with it on the matching `END_OBJECT`. Refuses unknown fields, missing fields
 * and wrong token types with the field's name, as the mappers do.
 */
fun interface TokenLoop<T : Any> {
    fun read(parser: JsonParser): T

    companion object {
        /** The key a shape registers its hand-written loop under. */
        val KEY = ShapeKey<TokenLoop<*>>("hand-written Jackson token loop")

        /** The hand-written loop [shape] registered, or `null` where none is written. */
        @Suppress("UNCHECKED_CAST")
        fun <T : Any> forShape(shape: Shape<T>): TokenLoop<T>? = shape.extension(KEY) as TokenLoop<T>?
    }
}
