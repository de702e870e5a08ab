package serialbench.documentset

import kotlinx.serialization.Serializable

/** A page of a social network's timeline: posts with their authors and entities, then the page's metadata. */
@Serializable
data class Timeline(val statuses: List<Post>, val metadata: PageMetadata)

@Serializable
data class Post(
    val id: Long,
    val idText: String,
    val createdAt: String,
    val text: String,
    val author: Author,
    val entities: Entities,
    val reposts: Int,
    val likes: Int,
    val liked: Boolean,
    val lang: String,
    val replyTo: Long? = null,
    val place: String? = null,
)

@Serializable
data class Author(
    val id: Long,
    val name: String,
    val handle: String,
    val location: String,
    val bio: String,
    val followers: Int,
    val following: Int,
    val verified: Boolean,
    val avatarUrl: String,
)

@Serializable
data class Entities(val hashtags: List<Tagged>, val links: List<Link>, val mentions: List<Mention>)

@Serializable
data class Tagged(val text: String, val indices: List<Int>)

@Serializable
data class Link(val url: String, val expandedUrl: String, val displayUrl: String, val indices: List<Int>)

@Serializable
data class Mention(val handle: String, val name: String, val id: Long, val indices: List<Int>)

@Serializable
data class PageMetadata(val completedInSeconds: Double, val maxId: Long, val query: String, val count: Int)
