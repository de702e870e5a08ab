package serialbench.codec

import com.google.protobuf.ProtocolMessageEnum
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.proto.EventStatusEnum
import serialbench.codec.proto.SideEnum
import serialbench.codec.proto.SportEnum
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport

/** `events.proto`'s enums number the Kotlin enums' values by ordinal + 1, which [ProtobufEventLists] relies on. */
@Order(TestOrder.UNIT)
@Timeout(30)
class ProtobufEnumsTest {
    @Test
    fun `each proto enum value is the Kotlin value of ordinal number - 1, with the enum's prefix`() {
        assertNumbering("SPORT_", Sport.entries, SportEnum.entries.map { it.name to it.numberOrNull() })
        assertNumbering(
            "EVENT_STATUS_",
            EventStatus.entries,
            EventStatusEnum.entries.map {
                it.name to it.numberOrNull()
            },
        )
        assertNumbering("SIDE_", Side.entries, SideEnum.entries.map { it.name to it.numberOrNull() })
    }

    /** protoc adds `UNRECOGNIZED`, which has no number. */
    private fun ProtocolMessageEnum.numberOrNull(): Int? = if ((this as Enum<*>).name == "UNRECOGNIZED") {
        null
    } else {
        number
    }

    private fun assertNumbering(prefix: String, kotlin: List<Enum<*>>, proto: List<Pair<String, Int?>>) {
        val expected =
            listOf("${prefix}UNSPECIFIED" to 0) + kotlin.map { "$prefix${it.name}" to it.ordinal + 1 } +
                ("UNRECOGNIZED" to null)
        assertThat(proto).containsExactlyElementsOf(expected)
    }
}
