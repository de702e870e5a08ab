package serialbench.run

/** The kinds of measurement a run makes, in the order each JVM makes them. */
internal object Probes {
    val DEFAULT: List<Probe.Factory> =
        listOf(ColdStartProbe, ListsProbe, CeilingProbe, DocumentSetProbe, InputProbe, IoProbe, StreamingProbe)
}
