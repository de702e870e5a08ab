package serialbench.codec

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.proto.EventStatusEnum
import serialbench.codec.proto.SideEnum
import serialbench.codec.proto.SportEnum
import serialbench.model.EventStatus
import serialbench.model.Side
import serialbench.model.Sport

/** `events.proto`'s enums number the Kotlin enums' values by ordinal + 1, which [ProtobufEventLists] relies on. */
@Order(TestOrder.UNIT)
@Timeout(30)
class ProtobufEnumsTest {
    @Test
    fun `each proto enum value is the Kotlin value of ordinal number - 1, with the enum's prefix`() {
        assertNumbering("SPORT_", Sport.entries, SportEnum.entries.filter { it != SportEnum.UNRECOGNIZED }.map { it.name to it.number })
        assertNumbering("EVENT_STATUS_", EventStatus.entries, EventStatusEnum.entries.filter { it != EventStatusEnum.UNRECOGNIZED }.map { it.name to it.number })
        assertNumbering("SIDE_", Side.entries, SideEnum.entries.filter { it != SideEnum.UNRECOGNIZED }.map { it.name to it.number })
    }

    private fun assertNumbering(prefix: String, kotlin: List<Enum<*>>, proto: List<Pair<String, Int>>) {
        val expected = listOf("${prefix}UNSPECIFIED" to 0) + kotlin.map { "$prefix${it.name}" to it.ordinal + 1 }
        assertThat(proto).containsExactlyElementsOf(expected)
    }
}
