package serialbench.parallel.internal.stream

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.asFlow
import kotlinx.coroutines.flow.buffer
import kotlinx.coroutines.flow.emitAll
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOn
import kotlinx.coroutines.flow.transform
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.decodeToSequence
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.splitsArrays
import serialbench.parallel.internal.pool.TaskRunner
import serialbench.parallel.internal.split.Fallbacks
import java.io.InputStream

/**
 * `ParallelJson`'s decoding of JSON array streams with kotlinx [json]: the elements as a [sequence], a [flow] or
 * a whole [list], decoded by [StreamDecoder]s in batches of about [batchBytes] bytes on the [runner]'s pool, at
 * most [batchesAhead] of them read ahead; the flow reads on [blockingDispatcher]. A [json] whose options change
 * how array texts are tokenized (see [splitsArrays]) decodes through its own stream functions instead.
 *
 * [guessCuts] says whether the decoders guess where to cut (as `ParallelJson` does) or scan every byte: the
 * results are the same either way, which the tests check by building one of each. Each call checks that the
 * [runner] is open; thread safe.
 */
internal class StreamDecoding(
    private val json: Json,
    private val runner: TaskRunner,
    private val batchBytes: Int,
    private val batchesAhead: Int,
    private val blockingDispatcher: CoroutineDispatcher,
    private val guessCuts: Boolean,
    /** Where a guessed batch that did not decode, and an exact one read element by element, are counted. */
    private val fallbacks: Fallbacks,
) {
    private val splits = splitsArrays(json)

    /** See `ParallelJson.decodeToSequence`. */
    @OptIn(ExperimentalSerializationApi::class)
    fun <T> sequence(serializer: KSerializer<T>, stream: InputStream): Sequence<T> {
        val engine = engine(serializer)
        if (!splits) return json.decodeToSequence(stream, serializer, DecodeSequenceMode.ARRAY_WRAPPED)
        return Sequence { decoder(engine, stream) }.constrainOnce()
    }

    /** See `ParallelJson.decodeToFlow`. */
    @OptIn(ExperimentalSerializationApi::class)
    fun <T> flow(deserializer: DeserializationStrategy<T>, stream: InputStream): Flow<T> {
        runner.checkOpen(OWNER)
        // A deserializer that is not a KSerializer cannot be wrapped in a list serializer: Json reads the stream, from
        // the collection on (kotlinx's sequence reads the stream's start when it is made), on the blocking dispatcher.
        if (!splits || deserializer !is KSerializer<T>) {
            return flow {
                emitAll(json.decodeToSequence(stream, deserializer, DecodeSequenceMode.ARRAY_WRAPPED).asFlow())
            }.flowOn(blockingDispatcher)
        }
        val engine = engine(deserializer)
        return flow {
            val decoder = decoder(engine, stream)
            try {
                while (true) {
                    // A failure travels as an item: through flowOn's channel, a thrown one would overtake the
                    // elements still buffered before it.
                    val batch = try {
                        decoder.nextElements() ?: break
                    } catch (e: Exception) {
                        emit(StreamItem.Failed(e))
                        break
                    }
                    emit(StreamItem.Elements(batch))
                }
            } finally {
                decoder.close()
            }
        }.buffer(Channel.RENDEZVOUS).flowOn(blockingDispatcher).transform { item ->
            when (item) {
                is StreamItem.Elements -> for (element in item.elements) emit(element)
                is StreamItem.Failed -> throw item.error
            }
        }
    }

    /** See `ParallelJson.decodeFromStream`. */
    @OptIn(ExperimentalSerializationApi::class)
    fun <T> list(serializer: KSerializer<T>, stream: InputStream): List<T> {
        val engine = engine(serializer)
        if (!splits) return json.decodeFromStream(ListSerializer(serializer), stream)
        val result = ArrayList<T>()
        decoder(engine, stream).use { decoder ->
            while (true) result.addAll(decoder.nextElements() ?: break)
        }
        return result
    }

    /** What the decoding side of [flow] hands to the collector's side. */
    private sealed interface StreamItem<out T> {
        class Elements<T>(val elements: List<T>) : StreamItem<T>

        class Failed(val error: Exception) : StreamItem<Nothing>
    }

    private fun <T> engine(serializer: KSerializer<T>): KotlinxJsonListEngine<T> {
        runner.checkOpen(OWNER)
        return KotlinxJsonListEngine(json, serializer)
    }

    private fun <T> decoder(engine: KotlinxJsonListEngine<T>, stream: InputStream): StreamDecoder<T> {
        runner.checkOpen(OWNER)
        return StreamDecoder(engine, runner, stream, batchBytes, batchesAhead, fallbacks, guessCuts)
    }

    private companion object {
        const val OWNER = "ParallelJson"
    }
}
