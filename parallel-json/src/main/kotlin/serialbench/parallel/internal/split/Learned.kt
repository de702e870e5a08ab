package serialbench.parallel.internal.split

import kotlinx.serialization.descriptors.SerialDescriptor
import serialbench.parallel.internal.scan.GuessMisses
import java.util.concurrent.ConcurrentHashMap

/**
 * What one instance learns from its calls, all in one place and never shared with another instance: what a split
 * costs ([costs]) and how long an element's text is ([charsPerElement]) per element type, the places whose guessed
 * cuts ([cutGuessMisses]) or guessed ends, in classes ([classEnds]) and in trees ([treeEnds]), were wrong, which root
 * classes, trees or documents split nothing lately or were faster read whole, decoding ([documentCalls],
 * [engineDocuments]) or encoding ([quietEncodings], [quietDocumentEncodings]), and the splits and fallbacks counted
 * ([splits], [fallbacks]). Where [choosesFaster] (an adaptive instance), the calls of a document take the way that
 * was faster lately ([DocumentCalls]); encoding, they only go quiet. Thread safe.
 */
internal class Learned(private val choosesFaster: Boolean = true) {
    /** The measured costs of the engine alone and of a split call's overhead. */
    val costs = SplitCosts()

    /** Encoded characters per element seen last, by element type (key): decides whether to split a list at all. */
    val charsPerElement = ConcurrentHashMap<Any, Int>()

    /** The places (element type and path) whose texts defeated the guessed cuts: they go straight to exact cuts. */
    val cutGuessMisses = GuessMisses()

    /** The places of classes (by key) whose guessed ends were wrong once. */
    val classEnds = GuessMisses()

    /** The places of trees (by key) whose guessed ends were wrong once. */
    val treeEnds = GuessMisses()

    private val decodingCalls = ConcurrentHashMap<SerialDescriptor, DocumentCalls>()
    private val encodingCalls = ConcurrentHashMap<SerialDescriptor, DocumentCalls>()

    /** How calls of another engine's documents decode (`EngineDocuments`). */
    val engineDocuments = DocumentCalls(choosesFaster)

    /** Calls of another engine's documents left to encode whole after one had no part worth splitting. */
    val quietDocumentEncodings = DocumentCalls(choosesFaster = false)

    /** The fallbacks of every call (lists, documents and their members), by reason. */
    val fallbacks = Fallbacks()

    /** What the planner chose for every list or map long enough to split: split, or read whole. */
    val splits = Splits()

    /** How calls of a root class or tree ([descriptor]) decode. */
    fun documentCalls(descriptor: SerialDescriptor): DocumentCalls =
        decodingCalls.computeIfAbsent(descriptor) { DocumentCalls(choosesFaster) }

    /** Calls of a root class ([descriptor]) left to encode whole after one had no list or map worth splitting. */
    fun quietEncodings(descriptor: SerialDescriptor): DocumentCalls =
        encodingCalls.computeIfAbsent(descriptor) { DocumentCalls(choosesFaster = false) }
}
