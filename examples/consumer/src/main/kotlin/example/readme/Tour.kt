package example.readme

import kotlinx.coroutines.flow.Flow
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.JsonElement
import serialbench.parallel.decodeFromStringSuspending
import serialbench.parallel.decodeToFlow
import serialbench.parallel.decodeToSequence
import serialbench.parallel.encodeToStream
import java.io.File

/** parallel-json/README.md's tour of the calls, as shown there; the values it names are its parameters. */
@Suppress("UNUSED_VARIABLE")
suspend fun tour(response: Response, eventsText: String, catalogText: String) {
    val text: String = parallelJson.encodeToString(response)               // == Json.encodeToString(response)
    val back: Response = parallelJson.decodeFromString(Response.serializer(), text)
    val events: List<Event> = parallelJson.decodeFromString<List<Event>>(eventsText)
    val catalog = parallelJson.decodeFromString<Map<String, Event>>(catalogText)
    val tree: JsonElement = parallelJson.parseToJsonElement(text)
    val bytes: ByteArray = parallelJson.encodeToByteArray(Response.serializer(), response)   // UTF-8
    val fromCoroutine = parallelJson.decodeFromStringSuspending<Response>(text)             // in a coroutine

    // Streams: a top-level array is read as the elements are consumed, decoded on the pool in batches, in order.
    File("events.json").inputStream().use { input ->
        @OptIn(ExperimentalSerializationApi::class) // the mode parameter is kotlinx's DecodeSequenceMode, as with Json
        val sequence = parallelJson.decodeToSequence<Event>(input)                  // Json's argument order
        for (event in sequence) handle(event)
    }
    val flow: Flow<Event> = parallelJson.decodeToFlow<Event>(File("events.json").inputStream())    // stream first
    File("out.json").outputStream().buffered().use { parallelJson.encodeToStream(response, it) }

    parallelJson.close()                                 // optional: refuses later calls; threads are not its own
}

/** What a service does with each event. */
fun handle(event: Event) {
    println(event)
}
