package example.documents

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.Json
import java.io.File
import java.time.Instant
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter
import java.util.Random
import kotlin.math.pow
import kotlin.math.roundToLong

/** Which document [main] writes: a [SearchResponse], a [Catalog] or a [Programme]. */
enum class Kind { SEARCH, CATALOG, PROGRAMME }

/**
 * Writes a generated document as kotlinx `Json` with its default configuration writes it (compact; a programme
 * pretty printed): `--kind search|catalog|programme --bytes N --out path [--seed S]`. Records are added until the
 * text is about N bytes of UTF-8; the same arguments always give the same bytes.
 */
fun main(args: Array<String>) {
    val options = args.toList().chunked(2).associate { pair ->
        require(pair.size == 2 && pair[0].startsWith("--")) { USAGE }
        pair[0].removePrefix("--") to pair[1]
    }
    require(options.keys.all { it in setOf("kind", "bytes", "out", "seed") }) { USAGE }
    val kind = Kind.valueOf(requireNotNull(options["kind"]) { USAGE }.uppercase())
    val bytes = requireNotNull(options["bytes"]) { USAGE }.toLong()
    val out = requireNotNull(options["out"]) { USAGE }
    val seed = options["seed"]?.toLong() ?: Generator.SEED
    val count = Generator.countFor(kind, bytes, seed)
    val text = Generator.document(kind, count, seed)
    val encoded = text.encodeToByteArray()
    File(out).writeBytes(encoded)
    println("${kind.name.lowercase()}: $count records, ${encoded.size} bytes, in $out")
}

private const val USAGE = "usage: Generator --kind search|catalog|programme --bytes N --out path [--seed S]"

/**
 * Documents that look like real API responses, the same for the same seed. Record `i` of a document depends only
 * on the seed and `i`, so a document of `n + 1` records starts with the records of the one of `n`; what the records
 * share (the authors of posts, the categories of products) is drawn from the seed alone.
 */
object Generator {
    /** The seed of the committed documents. */
    const val SEED = 2026L

    /** The target size of `search-response.json`, in bytes. */
    const val SEARCH_BYTES = 1_000_000L

    /** The target size of `catalog.json`, in bytes. */
    const val CATALOG_BYTES = 20_000_000L

    /** The target size of `programme.json`, in bytes. */
    const val PROGRAMME_BYTES = 1_700_000L

    /** kotlinx `Json` with its defaults: compact, members equal to their default value left out. */
    val json: Json = Json

    /** kotlinx `Json` pretty printing (members indented by four spaces), as a programme is written. */
    val prettyJson: Json = Json { prettyPrint = true }

    /** A search response of [records] posts. */
    fun searchResponse(records: Int, seed: Long = SEED): SearchResponse {
        val users = users(Random(seed))
        val posts = List(records) { post(recordRandom(seed, it), it, users) }
        val envelope = Random(seed xor 0x5EA6C4L)
        return SearchResponse(
            query = QUERIES[envelope.nextInt(QUERIES.size)],
            tookMs = 8 + envelope.nextInt(400),
            data = posts,
            paging = Paging(
                nextCursor = posts.lastOrNull()?.let { cursor(it.id) },
                previousCursor = if (envelope.nextBoolean()) cursor(seed * 31 + 7) else null,
                count = records,
                totalEstimate = records * 37L + envelope.nextInt(10_000),
            ),
            warnings = if (records > 0) listOf(WARNINGS[envelope.nextInt(WARNINGS.size)]) else emptyList(),
        )
    }

    /** A catalog of [products] products, keyed `sku-000001`, `sku-000002` and so on. */
    fun catalog(products: Int, seed: Long = SEED): Catalog {
        val envelope = Random(seed xor 0xCA7A106L)
        val items = LinkedHashMap<String, Product>()
        for (index in 0 until products) items[productKey(index)] = product(recordRandom(seed, index), index)
        return Catalog(
            version = 3,
            generated = ISO.format(Instant.ofEpochMilli(NOW - envelope.nextInt(86_400_000))),
            currency = "EUR",
            categories = CATEGORIES,
            items = items,
            itemCount = products,
        )
    }

    /** A programme of [performances] performances. */
    fun programme(performances: Int, seed: Long = SEED): Programme =
        ProgrammeGenerator.programme(performances, seed)

    /** [kind]'s document of [count] records as JSON (compact, a programme pretty printed). */
    fun document(kind: Kind, count: Int, seed: Long = SEED): String = when (kind) {
        Kind.SEARCH -> json.encodeToString(SearchResponse.serializer(), searchResponse(count, seed))
        Kind.CATALOG -> json.encodeToString(Catalog.serializer(), catalog(count, seed))
        Kind.PROGRAMME -> prettyJson.encodeToString(Programme.serializer(), programme(count, seed))
    }

    /** [kind]'s document of about [bytes] bytes of UTF-8, as [main] writes it. */
    fun documentOfSize(kind: Kind, bytes: Long, seed: Long = SEED): String =
        document(kind, countFor(kind, bytes, seed), seed)

    /**
     * The number of records that brings [kind]'s document to [bytes] bytes of UTF-8: records are added one by one,
     * each measured as it is encoded, until the document with them reaches [bytes] (at least one record).
     */
    fun countFor(kind: Kind, bytes: Long, seed: Long = SEED): Int {
        var size = utf8Length(document(kind, 0, seed))
        var count = 0
        when (kind) {
            Kind.SEARCH -> {
                val users = users(Random(seed))
                while (count == 0 || size < bytes) {
                    size += encodedSize(Post.serializer(), post(recordRandom(seed, count), count, users))
                    size += if (count > 0) 1 else 0
                    count++
                }
            }
            Kind.PROGRAMME -> return smallestCountOfSize(kind, bytes, seed)
            Kind.CATALOG -> while (count == 0 || size < bytes) {
                size += utf8Length(json.encodeToString(productKey(count))) + 1
                size += encodedSize(Product.serializer(), product(recordRandom(seed, count), count))
                size += if (count > 0) 1 else 0
                count++
            }
        }
        return count
    }

    /**
     * The fewest records (at least one) whose [kind]'s document reaches [bytes], found by encoding whole documents:
     * for a pretty printed one, whose records' sizes depend on their indentation.
     */
    private fun smallestCountOfSize(kind: Kind, bytes: Long, seed: Long): Int {
        var high = 1
        while (utf8Length(document(kind, high, seed)) < bytes) high *= 2
        var low = high / 2
        while (low + 1 < high) {
            val middle = (low + high) / 2
            if (utf8Length(document(kind, middle, seed)) < bytes) low = middle else high = middle
        }
        return high
    }

    /** The key of the product at [index] in [Catalog.items]. */
    fun productKey(index: Int): String = "sku-" + (index + 1).toString().padStart(6, '0')

    private fun <T> encodedSize(serializer: KSerializer<T>, value: T): Long =
        utf8Length(json.encodeToString(serializer, value))

    private fun utf8Length(text: String): Long = text.encodeToByteArray().size.toLong()

    /** A random of its own for record [index], from the seed and the index alone (mixed as in SplitMix64). */
    internal fun recordRandom(seed: Long, index: Int): Random {
        var z = seed + (index + 1) * -0x61c8864680b583ebL
        z = (z xor (z ushr 30)) * -0x40a7b892e31b1a47L
        z = (z xor (z ushr 27)) * -0x6b2fb644ecceee15L
        return Random(z xor (z ushr 31))
    }

    private fun cursor(value: Long): String =
        java.util.Base64.getUrlEncoder().withoutPadding().encodeToString("c:$value".encodeToByteArray())

    // ---- posts ----

    private fun users(random: Random): List<User> = List(300) {
        val first = FIRST_NAMES[random.nextInt(FIRST_NAMES.size)]
        val last = LAST_NAMES[random.nextInt(LAST_NAMES.size)]
        User(
            id = 100_000L + random.nextInt(2_000_000_000),
            handle = handle(first.first, last.first, random),
            displayName = "${first.second} ${last.second}",
            verified = random.nextInt(10) == 0,
            followers = (random.nextDouble().pow(5) * 3_000_000).toInt() + random.nextInt(200),
            location = if (random.nextInt(10) < 4) null else LOCATIONS[random.nextInt(LOCATIONS.size)],
        )
    }

    private fun handle(first: String, last: String, random: Random): String = when (random.nextInt(3)) {
        0 -> "${first}_${last.take(1)}${random.nextInt(100)}"
        1 -> "$first.$last"
        else -> "$last${random.nextInt(10_000)}"
    }

    private fun post(random: Random, index: Int, users: List<User>): Post {
        val id = FIRST_POST_ID - index * 1_048_583L - random.nextInt(1_000_000)
        val created = NOW - index * 41_000L - random.nextInt(40_000)
        val views = (random.nextDouble().pow(4) * 2_000_000).toLong() + 10 + random.nextInt(500)
        val likes = (views * random.nextDouble() * 0.08).toInt()
        val reposts = (likes * random.nextDouble() * 0.3).toInt()
        val replies = (likes * random.nextDouble() * 0.2).toInt()
        return Post(
            id = id,
            created = ISO.format(Instant.ofEpochMilli(created)),
            text = text(random, users),
            lang = LANGS[random.nextInt(LANGS.size)],
            author = users[random.nextInt(users.size)],
            tags = TAGS.shuffled(random).take(weighted(random, 30, 30, 20, 12, 8)),
            metrics = Metrics(
                likes = likes,
                reposts = reposts,
                replies = replies,
                views = views,
                engagementRate = round((likes + reposts + replies).toDouble() / views, 4),
            ),
            replyTo = if (random.nextInt(10) < 3) id + 1_000_000L + random.nextInt(50_000_000) else null,
            visibility = when (random.nextInt(100)) {
                in 0 until 85 -> Visibility.PUBLIC
                in 85 until 93 -> Visibility.FOLLOWERS
                in 93 until 97 -> Visibility.UNLISTED
                else -> Visibility.MENTIONED
            },
            reactions = REACTIONS.shuffled(random).take(weighted(random, 15, 30, 25, 20, 10))
                .associateWith { (random.nextDouble().pow(3) * likes).toInt() + 1 },
            media = List(weighted(random, 55, 30, 8, 4, 3)) { media(random, id, it) },
            edited = random.nextInt(20) == 0,
        )
    }

    private fun text(random: Random, users: List<User>): String {
        val builder = StringBuilder()
        val words = 8 + random.nextInt(35)
        var sentenceStart = true
        for (w in 0 until words) {
            if (w > 0) builder.append(if (random.nextInt(40) == 0) "\n" else " ")
            val special = random.nextInt(100)
            val word = when {
                special < 3 -> "\"" + WORDS[random.nextInt(WORDS.size)] + "\""
                special < 5 -> EMOJI[random.nextInt(EMOJI.size)]
                special < 7 -> "@" + users[random.nextInt(users.size)].handle
                special < 9 -> "#" + TAGS[random.nextInt(TAGS.size)]
                special < 10 -> ODD[random.nextInt(ODD.size)]
                else -> WORDS[random.nextInt(WORDS.size)]
            }
            builder.append(if (sentenceStart) word.replaceFirstChar { it.uppercaseChar() } else word)
            sentenceStart = random.nextInt(8) == 0
            if (sentenceStart) builder.append(PUNCTUATION[random.nextInt(PUNCTUATION.size)])
        }
        if (!sentenceStart) builder.append(PUNCTUATION[random.nextInt(PUNCTUATION.size)])
        if (random.nextInt(6) == 0) builder.append(' ').append(EMOJI[random.nextInt(EMOJI.size)])
        return builder.toString()
    }

    private fun media(random: Random, postId: Long, index: Int): Media {
        val type = when (random.nextInt(10)) {
            in 0 until 7 -> MediaType.PHOTO
            in 7 until 9 -> MediaType.VIDEO
            else -> MediaType.GIF
        }
        val (width, height) = SIZES[random.nextInt(SIZES.size)]
        val extension = when (type) {
            MediaType.PHOTO -> "jpg"
            MediaType.VIDEO -> "mp4"
            MediaType.GIF -> "gif"
        }
        return Media(
            type = type,
            url = "https://media.example.com/${type.name.lowercase()}/$postId/$index.$extension",
            width = width,
            height = height,
            altText = if (random.nextInt(3) == 0) ALT_TEXTS[random.nextInt(ALT_TEXTS.size)] else null,
            durationSeconds = if (type == MediaType.PHOTO) null else round(0.5 + random.nextDouble() * 140, 1),
        )
    }

    // ---- products ----

    private fun product(random: Random, index: Int): Product {
        val noun = PRODUCT_NOUNS[random.nextInt(PRODUCT_NOUNS.size)]
        val brand = BRANDS[random.nextInt(BRANDS.size)]
        val cents = 99 + random.nextInt(40) * 50 + (random.nextDouble().pow(3) * 150_000).toInt()
        val price = cents / 100.0
        val colors = COLORS.shuffled(random)
        val sizes = SIZE_NAMES.shuffled(random)
        val variants = List(weighted(random, 25, 15, 25, 20, 10, 5)) {
            Variant(
                sku = productKey(index) + "-" + (it + 1).toString().padStart(2, '0'),
                color = if (random.nextInt(5) == 0) null else colors[it % colors.size],
                size = sizes[it % sizes.size],
                price = (cents + (random.nextInt(5) - 2) * 100).coerceAtLeast(49) / 100.0,
                stock = if (random.nextInt(6) == 0) 0 else random.nextInt(400),
            )
        }
        val attributes = LinkedHashMap<String, String>()
        for (key in ATTRIBUTES.keys.shuffled(random).take(2 + random.nextInt(5))) {
            val values = ATTRIBUTES.getValue(key)
            attributes[key] = values[random.nextInt(values.size)]
        }
        val description = List(2 + random.nextInt(4)) { SENTENCES[random.nextInt(SENTENCES.size)] }
            .joinToString(if (random.nextBoolean()) " " else "\n")
            .replace("{noun}", noun.second)
            .replace("{brand}", brand)
        return Product(
            name = "$brand ${noun.first} ${MODELS[random.nextInt(MODELS.size)]}",
            description = description,
            category = noun.third,
            price = price,
            stock = if (random.nextInt(10) == 0) 0 else random.nextInt(2_000),
            attributes = attributes,
            variants = variants,
            discount = if (random.nextInt(4) == 0) DISCOUNTS[random.nextInt(DISCOUNTS.size)] else null,
            rating = if (random.nextInt(5) == 0) null else round(1.0 + random.nextDouble().pow(0.4) * 4, 1),
            active = random.nextInt(15) != 0,
        )
    }

    /** An index drawn with the given weights (in percent or any other unit). */
    private fun weighted(random: Random, vararg weights: Int): Int {
        var draw = random.nextInt(weights.sum())
        for ((index, weight) in weights.withIndex()) {
            if (draw < weight) return index
            draw -= weight
        }
        error("unreachable")
    }

    private fun round(value: Double, decimals: Int): Double {
        val factor = 10.0.pow(decimals)
        return (value * factor).roundToLong() / factor
    }

    private val ISO: DateTimeFormatter = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
        .withZone(ZoneOffset.UTC)

    private const val NOW = 1_796_083_200_000L // 2026-12-01T00:00:00Z
    private const val FIRST_POST_ID = 1_862_345_678_901_234_567L

    private val QUERIES = listOf(
        "kotlin serialization lang:en -is:retweet",
        "\"json parser\" OR \"json library\" since:2026-11-01",
        "café Zürich has:media",
    )
    private val WARNINGS = listOf(
        "Results older than 30 days are not included",
        "Some posts were hidden: they may contain sensitive content",
        "Query term \"OR\" is case-sensitive; lowercase \"or\" is matched as a word",
    )
    private val LANGS = listOf("en", "en", "en", "de", "fr", "es", "pt", "pl", "ja", "ru")
    private val FIRST_NAMES = listOf(
        "anna" to "Anna", "zoe" to "Zoë", "jose" to "José", "lukasz" to "Łukasz", "bjorn" to "Björn",
        "chloe" to "Chloé", "mia" to "Mia", "noah" to "Noah", "olga" to "Ольга", "taro" to "太郎",
        "amelie" to "Amélie", "liam" to "Liam", "sofia" to "Sofía", "jurgen" to "Jürgen", "emma" to "Emma",
    )
    private val LAST_NAMES = listOf(
        "muller" to "Müller", "garcia" to "García", "nowak" to "Nowak", "smith" to "Smith", "dubois" to "Dubois",
        "yamada" to "山田", "ivanova" to "Иванова", "rossi" to "Rossi", "oconnor" to "O'Connor",
        "sorensen" to "Sørensen", "silva" to "Silva", "kowalski" to "Kowalski", "nguyen" to "Nguyễn",
    )
    private val LOCATIONS = listOf(
        "Zürich, Schweiz", "São Paulo", "Kraków 🇵🇱", "Berlin", "東京", "Paris / Lyon", "NYC",
        "somewhere \\ online", "Montréal, QC", "København",
    )
    private val WORDS = listOf(
        "the", "a", "new", "release", "today", "we", "just", "shipped", "update", "build", "server", "latency",
        "coffee", "morning", "team", "launch", "bug", "fix", "thread", "read", "this", "why", "how", "still",
        "works", "great", "finally", "weekend", "train", "delayed", "again", "parser", "benchmark", "is", "was",
        "faster", "than", "expected", "and", "but", "not", "really", "love", "it", "in", "on", "with", "for",
        "Zürich", "café", "naïve", "résumé", "Straße", "Kraków", "jalapeño", "über", "crème brûlée",
        "東京", "データ", "Привет", "señor", "ça va", "déjà vu", "smörgåsbord",
    )
    private val EMOJI = listOf("🚀", "😂", "👍🏽", "❤️", "🎉", "🔥", "🤔", "☕", "✨", "🙈")
    private val ODD = listOf(
        "C:\\Users\\dev\\build.log", "https://example.com/a?b=1&c=2", "<b>bold</b>", "\\o/", "¯\\_(ツ)_/¯",
        "50%", "1/2", "x\ty", "'single'", "→", "±0.5 °C",
    )
    private val PUNCTUATION = listOf(".", ".", ".", "!", "?", "…", ":")
    private val TAGS = listOf(
        "kotlin", "json", "jvm", "performance", "release", "opensource", "coffee", "travel", "photography",
        "café", "straßenbahn", "日本", "devops", "music", "football",
    )
    private val REACTIONS = listOf("like", "love", "haha", "wow", "sad", "angry", "👍", "🔥")
    private val SIZES = listOf(1080 to 1080, 1920 to 1080, 1080 to 1350, 1280 to 720, 640 to 480, 2048 to 1536)
    private val ALT_TEXTS = listOf(
        "A cup of coffee on a wooden table",
        "Screenshot of a terminal: \"BUILD SUCCESS\"",
        "Graph of latency over time, p99 in red",
        "Sunset over the Limmat in Zürich",
        "Cat asleep on a keyboard\n(again)",
    )

    private val CATEGORIES = listOf(
        Category("home", "Home & Kitchen"),
        Category("kitchen", "Kitchen", "home"),
        Category("coffee", "Coffee & Tea", "kitchen"),
        Category("outdoor", "Outdoor"),
        Category("bags", "Bags & Backpacks", "outdoor"),
        Category("tents", "Tents", "outdoor"),
        Category("electronics", "Electronics"),
        Category("audio", "Audio", "electronics"),
        Category("computers", "Computers & Accessories", "electronics"),
        Category("apparel", "Apparel"),
        Category("shoes", "Shoes", "apparel"),
        Category("jackets", "Jackets", "apparel"),
    )

    /** The noun in a product's name, the word for it in its description, its category. */
    private val PRODUCT_NOUNS = listOf(
        Triple("Espresso Machine", "machine", "coffee"),
        Triple("Pour-Over Kettle", "kettle", "coffee"),
        Triple("Café-Tasse „Classic“", "cup", "kitchen"),
        Triple("Chef's Knife 21 cm", "knife", "kitchen"),
        Triple("Cast-Iron Pan", "pan", "kitchen"),
        Triple("Trail Backpack 30 L", "backpack", "bags"),
        Triple("Messenger Bag", "bag", "bags"),
        Triple("2-Person Tent", "tent", "tents"),
        Triple("Wireless Headphones", "headphones", "audio"),
        Triple("Bluetooth Speaker", "speaker", "audio"),
        Triple("Laptop Sleeve 15.6\"", "sleeve", "computers"),
        Triple("USB-C Hub (7-in-1)", "hub", "computers"),
        Triple("Running Shoe", "shoe", "shoes"),
        Triple("Down Jacket", "jacket", "jackets"),
        Triple("Rain Shell – Unisex", "shell", "jackets"),
    )
    private val BRANDS = listOf(
        "Nordlicht", "Alpenglühen", "Équinoxe", "Kestrel", "Tōkai", "Fjällräv", "Sol y Sombra", "Brightwater",
        "Vïa", "Ironbark",
    )
    private val MODELS = listOf("Pro", "Lite", "X2", "Mk III", "2026", "Classic", "Ultra", "S", "Édition Noire")
    private val COLORS = listOf("black", "white", "navy", "olive", "sand", "bordeaux", "grau", "écru")
    private val SIZE_NAMES = listOf("XS", "S", "M", "L", "XL", "one size", "38", "42", "250 ml", "1 l")
    private val DISCOUNTS = listOf(0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)
    private val ATTRIBUTES = mapOf(
        "material" to listOf("stainless steel", "recycled polyester", "merino wool", "oak", "cast iron", "ABS"),
        "weight" to listOf("250 g", "1.2 kg", "780 g", "3.4 kg", "95 g"),
        "origin" to listOf("Deutschland", "Schweiz", "Portugal", "Việt Nam", "日本", "Polska"),
        "warranty" to listOf("2 years", "5 years", "lifetime", "none"),
        "dimensions" to listOf("30 × 20 × 10 cm", "12\" × 8\"", "Ø 24 cm", "45 x 30 x 18 cm"),
        "care" to listOf("hand wash only", "dishwasher safe", "wash at 30 °C", "wipe clean"),
        "power" to listOf("1450 W", "5 V ⎓ 3 A", "n/a"),
        "certification" to listOf("CE", "FSC®", "bluesign®", "Fairtrade"),
    )
    private val SENTENCES = listOf(
        "The {noun} from {brand} is made to last.",
        "Fits laptops up to 15.6\" and tablets up to 12.9\".",
        "Water-resistant to 10 000 mm; seams taped.",
        "Care: wash at 30 °C, do not tumble dry.\nIron on low heat.",
        "Our best-selling {noun}, now in new colours!",
        "Includes: 1 × {noun}, 1 × manual (EN/DE/FR).",
        "Replacement parts: see support\\parts\\{noun}.pdf",
        "Customers say: \"exactly as described\" – ★★★★★",
        "Made in Europe with 60 % recycled material.",
        "Größe fällt klein aus — bitte eine Nummer größer bestellen.",
        "Livré avec une housse de protection.",
        "Tip:\tpreheat for 5 minutes before first use.",
        "Dimensions may vary by ±2 mm.",
        "Limited edition 🎁 while stocks last.",
    )
}
