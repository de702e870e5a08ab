package example.documents

import com.fasterxml.jackson.annotation.JsonProperty
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * One page of a search or timeline API: the [query] and how long it took, the posts found ([data], nearly all of
 * the document), then the cursors of the neighbouring pages and any [warnings].
 */
@Serializable
data class SearchResponse(
    val query: String,
    @SerialName("took_ms") @get:JsonProperty("took_ms") @param:JsonProperty("took_ms") val tookMs: Int,
    val timedOut: Boolean = false,
    val data: List<Post>,
    val paging: Paging,
    val warnings: List<String>,
)

/** Where this page is in the result: cursors to the next and previous pages (none at either end) and counts. */
@Serializable
data class Paging(
    val nextCursor: String?,
    val previousCursor: String? = null,
    val count: Int,
    val totalEstimate: Long,
)

/** A post as the timeline shows it: its text, who wrote it, its tags, counters, reactions and attached media. */
@Serializable
data class Post(
    val id: Long,
    val created: String,
    val text: String,
    val lang: String,
    val author: User,
    val tags: List<String>,
    val metrics: Metrics,
    val replyTo: Long? = null,
    val visibility: Visibility = Visibility.PUBLIC,
    val reactions: Map<String, Int>,
    val media: List<Media>,
    val edited: Boolean = false,
)

/** The author of a post. */
@Serializable
data class User(
    val id: Long,
    val handle: String,
    val displayName: String,
    val verified: Boolean = false,
    val followers: Int,
    val location: String? = null,
)

/** A post's counters; [engagementRate] is interactions per view, rounded to four decimals. */
@Serializable
data class Metrics(
    val likes: Int,
    val reposts: Int,
    val replies: Int,
    val views: Long,
    val engagementRate: Double,
)

/** Who may see a post. */
@Serializable
enum class Visibility { PUBLIC, FOLLOWERS, MENTIONED, UNLISTED }

/** A photo, video or GIF attached to a post; [durationSeconds] for videos and GIFs only. */
@Serializable
data class Media(
    val type: MediaType,
    val url: String,
    val width: Int,
    val height: Int,
    val altText: String? = null,
    val durationSeconds: Double? = null,
)

/** The kind of a [Media]. */
@Serializable
enum class MediaType { PHOTO, VIDEO, GIF }
