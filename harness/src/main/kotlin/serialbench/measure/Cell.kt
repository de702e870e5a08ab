package serialbench.measure

import serialbench.codec.Codec

/** What a measurement is of: one codec on one shape at one size. */
data class Cell(val codec: String, val codecName: String, val format: String, val shape: String, val size: Int) {
    override fun toString(): String = "codec $codec, shape $shape, N = $size"

    companion object {
        /** [codec] on the shape [shapeId] at [size] elements. */
        fun of(codec: Codec, shapeId: String, size: Int) =
            Cell(codec.id, codec.displayName, codec.format.displayName, shapeId, size)
    }
}
