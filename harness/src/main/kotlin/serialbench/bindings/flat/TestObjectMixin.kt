package serialbench.bindings.flat

import org.apache.fory.json.annotation.JsonCreator
import org.apache.fory.json.annotation.JsonMixin
import serialbench.shapes.flat.TestObject

/** [TestObject]'s primary constructor as Fory JSON's creator (see `ForyJsonCodec.MIXINS`). Never instantiated. */
@JsonMixin(target = TestObject::class)
internal abstract class TestObjectMixin
@JsonCreator("name", "value", "items")
constructor(
    name: String,
    value: Int,
    items: List<String>,
)
