package serialbench.codecs.fastjson2parallel

import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.JSONReader
import com.alibaba.fastjson2.reader.ObjectReader
import serialbench.codecs.fastjson2.Fastjson2Codec
import java.lang.reflect.Type

/**
 * Values of one [type] read as `JSONReader.read(type)` reads them with [Fastjson2Codec]'s features, the reader of the
 * type looked up once: `read(type)` asks fastjson2's provider for it on every value, a quarter of the time of a slice
 * of numbers. The provider is the default one, as the codec's readers use it.
 */
internal class Fastjson2Values(type: Type) {
    private val reader: ObjectReader<*> = JSONFactory.getDefaultObjectReaderProvider()
        .getObjectReader(type, JSONReader.Feature.FieldBased in Fastjson2Codec.READ_FEATURES)

    /** The next value of [input]. */
    fun read(input: JSONReader): Any? = reader.readObject(input, null, null, 0)
}
