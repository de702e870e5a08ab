package example.documents

import kotlinx.serialization.Serializable

/**
 * A product catalog export: its [version], when it was [generated], the [currency] of every price and the
 * [categories], then the products keyed by their id ([items], nearly all of the document) and their count.
 */
@Serializable
data class Catalog(
    val version: Int,
    val generated: String,
    val currency: String,
    val categories: List<Category>,
    val items: Map<String, Product>,
    val itemCount: Int,
)

/** A category of the catalog; [parent] is the id of the category it belongs to, none for a top-level one. */
@Serializable
data class Category(
    val id: String,
    val name: String,
    val parent: String? = null,
)

/**
 * A product: what it is, its [category] (a [Category.id]), its [price] in the catalog's currency, how many are in
 * [stock], free-form [attributes], its [variants] and an optional [discount] (a fraction of the price, 0.15 = 15%).
 */
@Serializable
data class Product(
    val name: String,
    val description: String,
    val category: String,
    val price: Double,
    val stock: Int,
    val attributes: Map<String, String>,
    val variants: List<Variant>,
    val discount: Double? = null,
    val rating: Double? = null,
    val active: Boolean = true,
)

/** A variant of a [Product], with its own SKU, stock and price. */
@Serializable
data class Variant(
    val sku: String,
    val color: String?,
    val size: String,
    val price: Double,
    val stock: Int,
)
