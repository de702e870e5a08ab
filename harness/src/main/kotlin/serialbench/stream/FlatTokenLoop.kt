package serialbench.stream

import com.fasterxml.jackson.core.JsonParser
import serialbench.model.TestObject

/** The `flat` shape's [TestObject], read token by token. */
internal object FlatTokenLoop : TokenLoop<TestObject> {
    private const val TYPE = "TestObject"

    override fun read(parser: JsonParser): TestObject {
        var name: String? = null
        var value: Int? = null
        var items: List<String>? = null
        parser.readFields(TYPE) { field ->
            when (field) {
                "name" -> name = parser.readString(field)
                "value" -> value = parser.readInt(field)
                "items" -> items = parser.readStrings(field)
                else -> unknownField(TYPE, field)
            }
        }
        return TestObject(required(name, TYPE, "name"), required(value, TYPE, "value"), required(items, TYPE, "items"))
    }
}
