package serialbench.parallel.spring

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.Json
import org.springframework.http.HttpInputMessage
import org.springframework.http.HttpOutputMessage
import org.springframework.http.MediaType
import org.springframework.http.converter.HttpMessageNotReadableException
import org.springframework.http.converter.HttpMessageNotWritableException
import org.springframework.http.converter.json.KotlinSerializationJsonHttpMessageConverter
import serialbench.parallel.ParallelJson
import java.nio.charset.Charset

/**
 * Spring's own kotlinx JSON converter ([KotlinSerializationJsonHttpMessageConverter], over [parallel]'s `Json`)
 * with bodies read and written by [parallel], their large lists and maps (the body itself, or members of its
 * classes) on several threads: the same types, media types, bytes and failures (a body that does not decode is an
 * [HttpMessageNotReadableException], which Spring MVC answers with 400), only faster. Declared as a bean, it takes the
 * place of Spring's own kotlinx converter (Spring Boot's [ParallelJsonAutoConfiguration] does so). It does not close
 * [parallel]; its owner does.
 */
public open class ParallelJsonHttpMessageConverter(private val parallel: ParallelJson) :
    KotlinSerializationJsonHttpMessageConverter(parallel.json) {
    /** The body through [parallel]. */
    override fun readInternal(serializer: KSerializer<Any>, format: Json, inputMessage: HttpInputMessage): Any {
        val text = inputMessage.body.readAllBytes().toString(charset(inputMessage.headers.contentType))
        return try {
            parallel.decodeFromString(serializer, text)
        } catch (e: SerializationException) {
            throw HttpMessageNotReadableException("Could not read JSON: ${e.message}", e, inputMessage)
        }
    }

    /** The body through [parallel]. */
    override fun writeInternal(
        value: Any,
        serializer: KSerializer<Any>,
        format: Json,
        outputMessage: HttpOutputMessage,
    ) {
        val text = try {
            parallel.encodeToString(serializer, value)
        } catch (e: SerializationException) {
            throw HttpMessageNotWritableException("Could not write $format: ${e.message}", e)
        }
        outputMessage.body.write(text.toByteArray(charset(outputMessage.headers.contentType)))
        outputMessage.body.flush()
    }

    private fun charset(contentType: MediaType?): Charset = contentType?.charset ?: Charsets.UTF_8
}
