package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSONWriter
import com.alibaba.fastjson2.writer.ObjectWriter

/**
 * The text between the brackets of `JSON.toJSONString(elements, *features)`, written so: each element by the writer of
 * its class, looked up once for a run of elements of one class as fastjson2's list writer does, a comma between two.
 * A chunk of a list written this way is not cut out of its own array afterwards, one copy of its text fewer. Compact
 * writing only: fastjson2's pretty format indents an array's elements, which written alone would not be.
 */
internal fun fastjson2Elements(elements: List<*>, features: Array<JSONWriter.Feature>): String {
    require(JSONWriter.Feature.PrettyFormat !in features) {
        "fastjson2 elements are written compact, not with ${features.joinToString()}"
    }
    return JSONWriter.of(*features).use { writer ->
        var elementClass: Class<*>? = null
        var elementWriter: ObjectWriter<*>? = null
        for ((i, element) in elements.withIndex()) {
            if (i > 0) writer.writeComma()
            if (element == null) {
                writer.writeNull()
                continue
            }
            if (element.javaClass !== elementClass) {
                elementClass = element.javaClass
                elementWriter = writer.getObjectWriter(elementClass)
            }
            elementWriter!!.write(writer, element, null, null, 0)
        }
        writer.toString()
    }
}
