package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSON
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/**
 * fastjson2 on a `@Serializable` class with no constructor without arguments: read through the class's own
 * constructor, not the plugin's synthetic one, to the values kotlinx reads, defaults included.
 */
@Order(TestOrder.UNIT)
class KotlinxConstructorsTest {
    @Serializable
    data class Page(val next: String?, val previous: String? = "none", val count: Int, val total: Long = -1)

    @Test
    fun `fastjson2 reads a serializable class with required properties as kotlinx does, as a document and in a list`() {
        Fastjson2Codec()
        val page = """{"next":"n2","count":3}"""
        val full = """{"next":null,"previous":"p1","count":0,"total":7}"""
        assertThat(JSON.parseObject(page, Page::class.java, *Fastjson2Codec.READ_FEATURES))
            .isEqualTo(Json.decodeFromString(Page.serializer(), page))
            .isEqualTo(Page("n2", "none", 3, -1))
        val list = "[$page,$full]"
        assertThat(Fastjson2Codec.Lists(Page::class.java).parse(list))
            .isEqualTo(Json.decodeFromString(ListSerializer(Page.serializer()), list))
    }
}
