package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.filter.ValueFilter
import com.alibaba.fastjson2.writer.FieldWriter
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.parallel.JsonDocumentEngine
import serialbench.parallel.JsonListEngine
import serialbench.parallel.JsonMapEngine
import java.lang.reflect.Field
import java.lang.reflect.ParameterizedType
import java.lang.reflect.Type
import java.util.IdentityHashMap
import java.util.concurrent.ConcurrentHashMap

/**
 * fastjson2's binding of [documentClass] as an engine of whole documents: `JSON.parseObject` and `JSON.toJSONString`
 * with [Fastjson2Codec]'s features, each `List` member (of the class, or of a class member at any depth) split into
 * slices read as [Fastjson2Codec.Lists] reads a list of its element class, and each `Map` member with string keys
 * into slices of members read as fastjson2 reads such a map. Members are named as fastjson2's own writer names them;
 * the skeleton is written through a `ValueFilter` that writes the split parts empty, and a read skeleton gets its
 * parts put into their members' fields.
 */
internal class Fastjson2ClassDocuments<D : Any>(private val documentClass: Class<D>) : JsonDocumentEngine<D> {
    override val name: String get() = "fastjson2"

    override fun encodeDocument(document: D): String = JSON.toJSONString(document, *Fastjson2Codec.WRITE_FEATURES)

    override fun decodeDocument(text: String): D = JSON.parseObject(text, documentClass, *Fastjson2Codec.READ_FEATURES)
        ?: throw IllegalArgumentException("codec ${Fastjson2Codec.ID}: no JSON object in the input")

    override fun splits(text: String): Boolean = Fastjson2References.splits(text)

    override fun elements(path: List<String>): JsonListEngine<*>? = member(path)?.engine as? JsonListEngine<*>

    override fun members(path: List<String>): JsonMapEngine<*>? = member(path)?.engine as? JsonMapEngine<*>

    override fun parts(document: D): Map<List<String>, Any> {
        val parts = LinkedHashMap<List<String>, Any>()
        collect(document, documentClass, emptyList(), parts, depth = 0)
        return parts
    }

    override fun encodeSkeleton(document: D, emptied: Set<List<String>>): String {
        val holders = IdentityHashMap<Any, MutableSet<String>>()
        for (path in emptied) {
            val holder = holder(document, path) ?: continue
            holders.getOrPut(holder) { HashSet() } += path.last()
        }
        val filter = ValueFilter { owner, name, value ->
            when {
                holders[owner]?.contains(name) != true -> value
                value is Map<*, *> -> EMPTY_MAP
                else -> EMPTY_LIST
            }
        }
        return JSON.toJSONString(document, filter, *Fastjson2Codec.WRITE_FEATURES)
    }

    override fun filled(skeleton: D, parts: Map<List<String>, Any>): D {
        for ((path, part) in parts) {
            val holder = checkNotNull(holder(skeleton, path)) { "no object holds $path in the skeleton" }
            member(path)!!.field.set(holder, part)
        }
        return skeleton
    }

    /** The object that holds the member at [path] in [document], or null where one on the way is null. */
    private fun holder(document: Any, path: List<String>): Any? =
        path.dropLast(1).fold(document as Any?) { value, name ->
            value?.let { writerOf(it.javaClass, name)?.getFieldValue(it) }
        }

    private fun collect(
        value: Any,
        type: Class<*>,
        path: List<String>,
        into: MutableMap<List<String>, Any>,
        depth: Int,
    ) {
        if (depth > MAX_DEPTH) return
        for (writer in writers(type)) {
            val member = writer.getFieldValue(value) ?: continue
            val memberPath = path + writer.fieldName
            when {
                member is List<*> || member is Map<*, *> -> if (member(memberPath) != null) into[memberPath] = member
                isFollowed(member.javaClass) -> collect(member, member.javaClass, memberPath, into, depth + 1)
            }
        }
    }

    /** A split member: the field its part is put in, and its engine (of a list's elements, or of a map). */
    private class Member(val field: Field, val engine: Any)

    private val resolved = ConcurrentHashMap<List<String>, Any>()

    private fun member(path: List<String>): Member? {
        val known = resolved.getOrPut(path) { resolve(path) ?: NONE }
        return known as? Member
    }

    /**
     * The member at [path] when it is a `List` of a class, or a `Map` of string keys to a class, with a field to put
     * it in.
     */
    private fun resolve(path: List<String>): Member? {
        if (path.isEmpty()) return null
        var type: Class<*> = documentClass
        var writer: FieldWriter<Any>? = null
        for (name in path) {
            if (writer != null) type = writer.fieldClass
            if (!isFollowed(type)) return null
            writer = writerOf(type, name) ?: return null
        }
        val arguments = (writer!!.fieldType as? ParameterizedType)?.actualTypeArguments ?: return null
        val field = backingField(type, writer) ?: return null
        val fieldClass = writer.fieldClass
        return when {
            List::class.java.isAssignableFrom(fieldClass) && arguments.size == 1 && arguments[0] is Class<*> ->
                Member(field, Fastjson2ListEngine(Fastjson2Codec.Lists(arguments[0] as Class<*>)))

            Map::class.java.isAssignableFrom(fieldClass) && arguments.size == 2 && arguments[0] == String::class.java ->
                Member(field, Fastjson2MapEngine(writer.fieldType))

            else -> null
        }
    }

    /**
     * Maps of the [type] of a member, as fastjson2 reads and writes that member; a slice of members read strictly
     * ([Fastjson2Slices]), each member's value as the map's own reading takes it, in the order of the text.
     */
    private class Fastjson2MapEngine(private val type: Type) : JsonMapEngine<Any?> {
        private val values = Fastjson2Values((type as ParameterizedType).actualTypeArguments[1])
        private val slices = Fastjson2Slices(Fastjson2Codec.READ_FEATURES, members = true) { reader ->
            val key = reader.readFieldName()
            key to values.read(reader)
        }

        override val name: String get() = "fastjson2"

        override val decodesSlicesStrictly: Boolean get() = true

        override fun encodeMap(members: Map<String, Any?>): String =
            JSON.toJSONString(members, *Fastjson2Codec.WRITE_FEATURES)

        override fun decodeMap(text: String): Map<String, Any?> =
            JSON.parseObject<Map<String, Any?>>(text, type, *Fastjson2Codec.READ_FEATURES)
                ?: throw IllegalArgumentException("codec ${Fastjson2Codec.ID}: no JSON object in the input")

        override fun decodeSlice(slice: String): Map<String, Any?> = membersMap(slices.read(slice))

        override fun decodeSlice(text: String, from: Int, to: Int): Map<String, Any?> =
            membersMap(slices.readRun(text, from, to))

        /** The members in the order of the text; a key given twice keeps its last value, as fastjson2's map does. */
        private fun membersMap(members: List<Pair<String, Any?>>): Map<String, Any?> =
            LinkedHashMap<String, Any?>().also { map -> members.forEach { (key, value) -> map[key] = value } }
    }

    private companion object {
        val NONE = Any()
        val EMPTY_LIST: List<Any?> = emptyList()
        val EMPTY_MAP: Map<String, Any?> = emptyMap()
        const val MAX_DEPTH = 8

        @Suppress("UNCHECKED_CAST")
        fun writers(type: Class<*>): List<FieldWriter<Any>> =
            JSONFactory.getDefaultObjectWriterProvider().getObjectWriter(type).fieldWriters as List<FieldWriter<Any>>

        fun writerOf(type: Class<*>, name: String): FieldWriter<Any>? =
            writers(type).firstOrNull { it.fieldName == name }

        /** A class whose members are followed: not a JDK or Kotlin type, nor an array, enum or collection. */
        fun isFollowed(type: Class<*>): Boolean = !type.isPrimitive && !type.isArray && !type.isEnum &&
            !type.name.startsWith("java.") && !type.name.startsWith("kotlin.") &&
            !Collection::class.java.isAssignableFrom(type) && !Map::class.java.isAssignableFrom(type)

        /** The field behind [writer]'s member of [type]: its own, or the one its getter reads (a Kotlin property). */
        fun backingField(type: Class<*>, writer: FieldWriter<*>): Field? {
            val name = writer.field?.name ?: writer.method?.name?.let(::propertyName) ?: return null
            return type.declaredFields.firstOrNull { it.name == name }
                ?.takeIf { it.type.isAssignableFrom(writer.fieldClass) }
                ?.also { it.isAccessible = true }
        }

        private fun propertyName(getter: String): String? = when {
            getter.startsWith("get") && getter.length > 3 -> getter[3].lowercaseChar() + getter.substring(4)
            getter.startsWith("is") && getter.length > 2 -> getter
            else -> null
        }
    }
}
