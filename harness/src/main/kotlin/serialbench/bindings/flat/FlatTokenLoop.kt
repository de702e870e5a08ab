package serialbench.bindings.flat

import com.fasterxml.jackson.core.JsonParser
import serialbench.shapes.flat.TestObject
import serialbench.stream.TokenLoop
import serialbench.stream.readFields
import serialbench.stream.readInt
import serialbench.stream.readString
import serialbench.stream.readStrings
import serialbench.stream.required
import serialbench.stream.unknownField

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
