package serialbench.shapes.flat

import serialbench.data.Shape

/** The seed workload: [TestObject] with a 5-character name, an Int and 100 items of 10 characters. */
object FlatShape {
    const val ID = "flat"

    val shape: Shape<TestObject> = Shape(
        id = ID,
        description = "`TestObject(name: String, value: Int, items: List<String>)` with a 5-character name, " +
            "a random Int and 100 items of 10 characters (about 1.3 KB of JSON each)",
        elementClass = TestObject::class.java,
        serializerOrNull = TestObject.serializer(),
        defaultSizes = listOf(10, 100, 1_000, 10_000, 100_000),
        classes = listOf(TestObject::class.java),
        heapBytesPerElement = 8 * 1024,
        adversarial = AdversarialData.objects,
    ) { seed, count -> TestDataGenerator(seed).objects(count) }
}
