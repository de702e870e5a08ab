package serialbench.registration

/**
 * What a codec is made with ([CodecRegistration.create]): the run's [threads], for the parallel codecs, and
 * [classes], every class an element of any shape may hold in the shape registry's order, for the codecs that
 * register classes up front (Fory, Kryo: the order fixes the ids in their payloads).
 */
class CodecSetup(val threads: Int, val classes: List<Class<*>>) {
    init {
        require(threads >= 1) { "threads < 1: $threads" }
    }
}
