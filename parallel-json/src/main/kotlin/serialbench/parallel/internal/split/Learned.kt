package serialbench.parallel.internal.split

import kotlinx.serialization.descriptors.SerialDescriptor
import serialbench.parallel.internal.scan.GuessMisses
import java.util.concurrent.ConcurrentHashMap

/**
 * What one instance learns from its calls, all in one place and never shared with another instance: what a split
 * costs ([costs]) and how long an element's text is ([charsPerElement]) per element type, the places whose guessed
 * cuts ([cutGuessMisses]) or guessed ends, in classes ([classEnds]) and in trees ([treeEnds]), were wrong, which root
 * classes, trees or documents had nothing to split lately, decoding ([quietCalls], [quietDocuments]) or encoding
 * ([quietEncodings], [quietDocumentEncodings]), and the splits and fallbacks counted ([splits], [fallbacks]). Thread
 * safe.
 */
internal class Learned(
    /** The measured costs of the engine alone and of a split call's overhead. */
    val costs: SplitCosts = SplitCosts(),
) {
    /** Encoded characters per element seen last, by element type (key): decides whether to split a list at all. */
    val charsPerElement = ConcurrentHashMap<Any, Int>()

    /** The places (element type and path) whose texts defeated the guessed cuts: they go straight to exact cuts. */
    val cutGuessMisses = GuessMisses()

    /** The places of classes (by key) whose guessed ends were wrong once. */
    val classEnds = GuessMisses()

    /** The places of trees (by key) whose guessed ends were wrong once. */
    val treeEnds = GuessMisses()

    private val quietDescriptors = ConcurrentHashMap<SerialDescriptor, QuietCalls>()
    private val quietEncodingDescriptors = ConcurrentHashMap<SerialDescriptor, QuietCalls>()

    /** Calls of another engine's documents left to decode whole after one had no large part (`EngineDocuments`). */
    val quietDocuments = QuietCalls()

    /** Calls of another engine's documents left to encode whole after one had no part worth splitting. */
    val quietDocumentEncodings = QuietCalls()

    /** The fallbacks of every call (lists, documents and their members), by reason. */
    val fallbacks = Fallbacks()

    /** What the planner chose for every list or map long enough to split: split, or read whole. */
    val splits = Splits()

    /** Calls of a root class or tree ([descriptor]) left to decode whole after one had no large list or map. */
    fun quietCalls(descriptor: SerialDescriptor): QuietCalls =
        quietDescriptors.computeIfAbsent(descriptor) { QuietCalls() }

    /** Calls of a root class ([descriptor]) left to encode whole after one had no list or map worth splitting. */
    fun quietEncodings(descriptor: SerialDescriptor): QuietCalls =
        quietEncodingDescriptors.computeIfAbsent(descriptor) { QuietCalls() }
}
