package serialbench.data

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.io.TempDir
import serialbench.TestOrder
import serialbench.shapes.Shapes
import serialbench.shapes.events.Event
import serialbench.shapes.upload.UploadShape
import java.io.File
import java.io.IOException

@Order(TestOrder.UNIT)
@Timeout(30)
class DataFilesTest {
    @Test
    fun `each shape and size becomes a JSON file of exactly the generated elements`(@TempDir directory: File) {
        val target = File(directory, "created/on/demand")
        val upload = Shapes.byId("upload", ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 100))
        val files = DataFiles.write(target, listOf(Shapes.EVENTS to listOf(1, 20), upload to listOf(3)), seed = 5)

        assertThat(files.map { it.name }).containsExactly("events-1.json", "events-20.json", "upload-3.json")
        val events = Json.decodeFromString(
            ListSerializer(Event.serializer()),
            File(target, "events-20.json").readText(),
        )
        assertThat(events).isEqualTo(Shapes.EVENTS.generate(5, 20))
        val first = Json.encodeToString(ListSerializer(Event.serializer()), events.take(1))
        assertThat(File(target, "events-1.json").readText()).isEqualTo(first)
        assertThat(File(target, "upload-3.json").readText()).startsWith("[{\"id\":").contains("\"content\":\"")
    }

    @Test
    fun `a directory that cannot be made is named in the error`(@TempDir directory: File) {
        val blocker = File(directory, "file").apply { writeText("x") }
        assertThatThrownBy { DataFiles.write(File(blocker, "data"), listOf(Shapes.FLAT to listOf(1)), seed = 1) }
            .isInstanceOf(IOException::class.java)
            .hasMessage(
                "${File(blocker, "data").path}: it cannot be created: ${blocker.path} is not a directory " +
                    "(absolute path ${File(blocker, "data").absolutePath}); allowed: a writable directory",
            )
    }
}
