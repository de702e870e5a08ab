package serialbench.documentset

import kotlinx.serialization.Serializable

/**
 * A box office's catalog of events: a dozen small maps of names keyed by id, the events keyed by id, then the
 * performances, each with small lists of prices and seat categories.
 */
@Serializable
data class EventCatalog(
    val areaNames: Map<String, String>,
    val audienceNames: Map<String, String>,
    val blockNames: Map<String, String>,
    val events: Map<String, EventInfo>,
    val performances: List<Performance>,
    val seatCategoryNames: Map<String, String>,
    val subTopicNames: Map<String, String>,
    val topicNames: Map<String, String>,
    val topicSubTopics: Map<String, List<Int>>,
    val venueNames: Map<String, String>,
)

@Serializable
data class EventInfo(
    val id: Long,
    val name: String,
    val description: String? = null,
    val logo: String? = null,
    val subtitle: String? = null,
    val topicIds: List<Int>,
    val subTopicIds: List<Int>,
)

@Serializable
data class Performance(
    val id: Long,
    val eventId: Long,
    val name: String? = null,
    val logo: String? = null,
    val prices: List<TicketPrice>,
    val seatCategories: List<SeatCategory>,
    val seatMapImage: String? = null,
    val start: Long,
    val venueCode: String,
)

@Serializable
data class TicketPrice(val amount: Int, val audienceId: Int, val seatCategoryId: Int)

@Serializable
data class SeatCategory(val seatCategoryId: Int, val areas: List<SeatArea>)

@Serializable
data class SeatArea(val areaId: Int, val blockIds: List<Int>)
