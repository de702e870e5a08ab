package example.readme

import kotlinx.serialization.Serializable
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json
import serialbench.parallel.ParallelJson

@Serializable
data class Response(val data: List<Event>, val paging: Paging)

val parallelJson = ParallelJson(Json) { parallelism = 4 }       // 3 shared pool threads; the caller is the 4th

fun read(text: String): Response = parallelJson.decodeFromString<Response>(text)    // was Json.decodeFromString
fun write(response: Response): String = parallelJson.encodeToString(response)      // was Json.encodeToString

// The snippets of parallel-json/README.md's "Use it" above and in Tour.kt, as shown there (the reactor's
// ReadmeSnippetsTest checks that each is); what they leave to the reader below.

/** An event of a response. */
@Serializable
data class Event(val id: Long, val name: String)

/** Where a response's page is. */
@Serializable
data class Paging(val next: String?)
