package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSONWriter

/**
 * The text between the brackets of `JSON.toJSONString(elements, *features)`, written so: each element as fastjson2's
 * list writer writes it (`JSONWriter.writeAny`), a comma between two. A chunk of a list written this way is not cut
 * out of its own array afterwards, one copy of its text fewer. Compact writing only: fastjson2's pretty format
 * indents an array's elements, which written alone would not be.
 */
internal fun fastjson2Elements(elements: List<*>, features: Array<JSONWriter.Feature>): String {
    require(JSONWriter.Feature.PrettyFormat !in features) { "fastjson2 elements are written compact: $features" }
    return JSONWriter.of(*features).use { writer ->
        for ((i, element) in elements.withIndex()) {
            if (i > 0) writer.writeComma()
            writer.writeAny(element)
        }
        writer.toString()
    }
}
