package serialbench.data

import serialbench.model.TestObject

/**
 * The closed registry of shapes, by stable id. Ids are a contract: `bench.shapes` and the results file use them.
 */
object Shapes {
    /** The seed workload: `TestObject` with a 5-character name, an Int and 100 items of 10 characters. */
    val FLAT: Shape<TestObject> = Shape(
        id = "flat",
        description = "`TestObject(name: String, value: Int, items: List<String>)` with a 5-character name, " +
            "a random Int and 100 items of 10 characters (about 1.3 KB of JSON each)",
        elementClass = TestObject::class.java,
        serializer = TestObject.serializer(),
        defaultSizes = listOf(10, 100, 1_000, 10_000, 100_000),
        classes = listOf(TestObject::class.java),
        heapBytesPerElement = 8 * 1024,
        adversarial = AdversarialData.objects,
    ) { seed, count -> TestDataGenerator(seed).objects(count) }

    /** Every shape, in report order. */
    val all: List<Shape<*>> get() = listOf(FLAT)

    val ids: List<String> get() = all.map { it.id }

    /** The shape with [id]; an unknown id fails with the valid ones. */
    fun byId(id: String): Shape<*> = all.firstOrNull { it.id == id }
        ?: throw IllegalArgumentException("unknown shape '$id'; valid shapes: ${ids.joinToString(", ")}")
}
