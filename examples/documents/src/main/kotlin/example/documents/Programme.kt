package example.documents

import kotlinx.serialization.Serializable

/**
 * A box office's programme, written indented as a person would read it: the names of its [venues], [areas],
 * [audiences], [seatCategories], [topics] and [subTopics] keyed by id (many small maps), which sub-topics each topic
 * has, the [shows] keyed by id, then the [performances] of the shows (the largest member, about 80% of the text, a
 * list of small objects each with two small lists).
 */
@Serializable
data class Programme(
    val venues: Map<String, String>,
    val areas: Map<String, String>,
    val audiences: Map<String, String>,
    val seatCategories: Map<String, String>,
    val topics: Map<String, String>,
    val subTopics: Map<String, String>,
    val topicSubTopics: Map<String, List<Int>>,
    val shows: Map<String, Show>,
    val performances: List<Performance>,
)

/** A show of the programme: its names, optional texts and images, and the ids of its topics and sub-topics. */
@Serializable
data class Show(
    val id: Long,
    val name: String,
    val subtitle: String?,
    val description: String?,
    val logo: String?,
    val topicIds: List<Int>,
    val subTopicIds: List<Int>,
)

/**
 * One performance of a [Show] ([showId]): when it [starts] (epoch milliseconds) and where, its ticket [prices] and
 * which [seats] of which areas each seat category holds.
 */
@Serializable
data class Performance(
    val id: Long,
    val showId: Long,
    val name: String?,
    val logo: String?,
    val starts: Long,
    val venueCode: String,
    val seatMapImage: String?,
    val prices: List<TicketPrice>,
    val seats: List<SeatCategorySeats>,
)

/** The price, in cents, of a seat of one category for one audience. */
@Serializable
data class TicketPrice(val amount: Int, val audienceId: Long, val seatCategoryId: Long)

/** The areas a seat category holds at a performance. */
@Serializable
data class SeatCategorySeats(val seatCategoryId: Long, val areas: List<AreaBlocks>)

/** An area and its blocks (often none listed). */
@Serializable
data class AreaBlocks(val areaId: Long, val blockIds: List<Int>)
