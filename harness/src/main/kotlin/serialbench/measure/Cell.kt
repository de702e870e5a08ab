package serialbench.measure

/** What a measurement is of: one codec on one shape at one size. */
data class Cell(val codec: String, val codecName: String, val format: String, val shape: String, val size: Int) {
    override fun toString(): String = "codec $codec, shape $shape, N = $size"
}
