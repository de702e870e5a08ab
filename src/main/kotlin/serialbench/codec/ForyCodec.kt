package serialbench.codec

import org.apache.fory.Fory
import org.apache.fory.ThreadSafeFory
import org.apache.fory.config.Language
import serialbench.model.TestObject

/**
 * Apache Fory, configured for speed as its documentation advises: class registration required (every class
 * that may appear is registered up front, which also keeps the payload free of class names), JIT code
 * generation on, one thread-safe instance reused. Its one-time code generation happens on the first call.
 */
class ForyCodec : Codec {
    private val fory: ThreadSafeFory = Fory.builder()
        .withLanguage(Language.JAVA)
        .requireClassRegistration(true)
        .withCodegen(true)
        .buildThreadSafeFory()
        .apply {
            register(TestObject::class.java)
            // Kotlin's emptyList() and the JDK lists Kotlin hands out are classes of their own.
            register(emptyList<Any>().javaClass)
            register(listOf(1, 2).javaClass)
            register(listOf(1).javaClass)
        }

    override val id: String get() = ID
    override val displayName: String get() = "Apache Fory"
    override val format: Codec.Format get() = Codec.Format.BINARY

    override fun encode(objects: List<TestObject>): Payload = Payload.Binary(fory.serialize(objects))

    override fun decode(payload: Payload): List<TestObject> {
        val decoded = fory.deserialize(payload.asBytes(id))
        require(decoded is List<*>) { "codec $id: payload holds ${decoded?.javaClass?.name}, not a list" }
        @Suppress("UNCHECKED_CAST")
        return decoded as List<TestObject>
    }

    companion object {
        const val ID = "fory"
    }
}
