package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.codec.BeanInfo
import com.alibaba.fastjson2.modules.ObjectReaderAnnotationProcessor
import com.alibaba.fastjson2.modules.ObjectReaderModule
import java.lang.reflect.Constructor
import java.lang.reflect.Modifier

/**
 * fastjson2 2.0.65 creates a Kotlin class that has no constructor without arguments through the kotlinx
 * serialization plugin's synthetic constructor `(int seen0, ..., SerializationConstructorMarker)` when the class is
 * `@Serializable`; it passes no property as seen, so the constructor throws `MissingFieldException` for every
 * required one (`example.documents.Paging`: `nextCursor`, `count`, `totalEstimate`). This module has fastjson2 use
 * the class's public constructor with the most parameters instead, and the Kotlin compiler's
 * `(..., int, DefaultConstructorMarker)` one for properties the JSON leaves out, as it does for a class without the
 * plugin. Classes fastjson2 binds otherwise are left as they are. Registered once on fastjson2's default provider
 * ([register]), for `fastjson2` and `fastjson2-parallel` alike.
 */
internal object KotlinxConstructors : ObjectReaderModule {
    private const val SERIALIZATION_MARKER = "kotlinx.serialization.internal.SerializationConstructorMarker"
    private const val DEFAULTS_MARKER = "kotlin.jvm.internal.DefaultConstructorMarker"

    private val registered: Unit by lazy { JSONFactory.getDefaultObjectReaderProvider().register(this).let { } }

    /** Registers the module with fastjson2's default provider, once per JVM. */
    fun register() = registered

    override fun getAnnotationProcessor(): ObjectReaderAnnotationProcessor = Processor

    private object Processor : ObjectReaderAnnotationProcessor {
        override fun getBeanInfo(beanInfo: BeanInfo, objectClass: Class<*>) = useClassConstructor(beanInfo, objectClass)
    }

    private fun useClassConstructor(beanInfo: BeanInfo, objectClass: Class<*>) {
        val constructors = objectClass.declaredConstructors
        val synthetic = constructors.singleOrNull { it.lastParameterIs(SERIALIZATION_MARKER) } ?: return
        if (beanInfo.creatorConstructor != null && beanInfo.creatorConstructor != synthetic) return
        val primary = constructors
            .filter { !it.isSynthetic && Modifier.isPublic(it.modifiers) && !it.lastParameterIs(DEFAULTS_MARKER) }
            .maxByOrNull { it.parameterCount } ?: return
        beanInfo.creatorConstructor = primary
        beanInfo.markerConstructor = constructors.singleOrNull {
            it.lastParameterIs(DEFAULTS_MARKER) && it.parameterCount == primary.parameterCount + 2
        }
        beanInfo.createParameterNames = null
    }

    private fun Constructor<*>.lastParameterIs(className: String): Boolean =
        parameterCount > 0 && parameterTypes.last().name == className
}
