package serialbench.model

import kotlinx.serialization.KSerializer
import kotlinx.serialization.PolymorphicSerializer
import kotlinx.serialization.serializerOrNull
import java.io.File
import java.lang.reflect.Modifier

/**
 * The user's class named by `bench.model`, loaded from [classpath] (after the harness's own classes), with its
 * kotlinx [serializer] where it is `@Serializable`. [load] refuses, naming the class and the reason, a class that is
 * not found, that needs a class the classpath lacks, or that no library could instantiate: an interface or abstract
 * class that is neither a `@Serializable` sealed type nor annotated for Jackson's polymorphism, a primitive, an
 * array, a local, anonymous or inner (non-static) class.
 */
internal class ModelType<T : Any>(val type: Class<T>, val serializer: KSerializer<T>?, val classpath: List<File>) {
    val simpleName: String get() = type.simpleName

    companion object {
        fun load(name: String, classpath: List<File>): ModelType<*> {
            val type = try {
                // Initialized here, so that a static initializer that throws is named now, not inside a codec.
                Class.forName(name, true, ModelClassLoaders.of(classpath))
            } catch (e: ClassNotFoundException) {
                throw ModelException("${ModelOptions.MODEL}='$name': no such class ${where(classpath)}", e)
            } catch (e: ExceptionInInitializerError) {
                throw ModelException("${ModelOptions.MODEL}='$name': ${initializerFailure(e)}", e)
            } catch (e: NoClassDefFoundError) {
                if (e.message?.startsWith(NOT_INITIALIZED) != true) throw notLinked(name, e, classpath)
                throw ModelException(
                    "${ModelOptions.MODEL}='$name': its static initializer failed earlier in this JVM (${e.message})",
                    e,
                )
            } catch (e: LinkageError) {
                throw notLinked(name, e, classpath)
            }
            return of(type, classpath)
        }

        /** What a class's static initializer threw, in one line: its class and message, where it was thrown. */
        fun initializerFailure(e: ExceptionInInitializerError): String {
            val cause = e.cause ?: e
            val at = cause.stackTrace.firstOrNull()?.let { " at ${it.className}.${it.methodName}" }.orEmpty()
            return "its static initializer throws ${cause.javaClass.name}: ${cause.message}$at"
        }

        /** The JVM's message for a class whose static initializer threw before. */
        private const val NOT_INITIALIZED = "Could not initialize class"

        private fun notLinked(name: String, e: LinkageError, classpath: List<File>) = ModelException(
            "${ModelOptions.MODEL}='$name': the class cannot be loaded, it needs ${e.message} " +
                "${where(classpath)}: add the library that has it to ${ModelOptions.CLASSPATH}",
            e,
        )

        private fun <T : Any> of(type: Class<T>, classpath: List<File>): ModelType<T> {
            val found = try {
                @Suppress("UNCHECKED_CAST")
                serializerOrNull(type) as KSerializer<T>?
            } catch (e: LinkageError) {
                throw ModelException("${ModelOptions.MODEL}='${type.name}': its serializer cannot be loaded: $e", e)
            }
            // kotlinx hands every interface and abstract class a PolymorphicSerializer, which reads nothing unless
            // subclasses are registered in a module: only a sealed type's serializer knows its subclasses
            val serializer = found.takeUnless { it is PolymorphicSerializer<*> }
            notInstantiable(type, serializer != null)?.let {
                throw ModelException("${ModelOptions.MODEL}='${type.name}' is not a class a library can build: $it")
            }
            return ModelType(type, serializer, classpath)
        }

        private fun notInstantiable(type: Class<*>, serializable: Boolean): String? = when {
            type.isPrimitive -> "a primitive type"

            type.isArray -> "an array type"

            type.isAnonymousClass || type.isLocalClass -> "a local or anonymous class"

            type.isMemberClass && !Modifier.isStatic(type.modifiers) -> "an inner class (it needs an outer instance)"

            (type.isInterface || Modifier.isAbstract(type.modifiers)) && !serializable && !jacksonPolymorphic(type) ->
                "${if (type.isInterface) "an interface" else "an abstract class"} that is neither a @Serializable " +
                    "sealed type nor annotated with Jackson's @JsonTypeInfo (name a concrete class, or one of those)"

            else -> null
        }

        private fun jacksonPolymorphic(type: Class<*>) =
            type.annotations.any { it.annotationClass.java.name == "com.fasterxml.jackson.annotation.JsonTypeInfo" }

        private fun where(classpath: List<File>): String = if (classpath.isEmpty()) {
            "on the harness's classpath, and ${ModelOptions.CLASSPATH} is not given (name your compiled classes " +
                "and their libraries there)"
        } else {
            "in ${ModelOptions.CLASSPATH} (${classpath.joinToString(", ") { it.path }}) or the harness's classpath"
        }
    }
}
