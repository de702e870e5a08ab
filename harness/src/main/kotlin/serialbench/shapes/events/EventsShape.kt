package serialbench.shapes.events

import serialbench.data.Shape

/** A betting-exchange events feed, as the API responses of reference 003 (1, 20 and 50 events). */
object EventsShape {
    const val ID = "events"

    val shape: Shape<Event> = Shape(
        id = ID,
        description = "`Event` of a betting-exchange feed (id, name, sport and status enums, start time, nullable " +
            "venue, a map of tags, participants, markets of runners with back and lay prices), about 4 KB of JSON each",
        elementClass = Event::class.java,
        serializerOrNull = Event.serializer(),
        defaultSizes = listOf(1, 20, 50, 1_000, 10_000),
        classes = listOf(
            Event::class.java,
            Participant::class.java,
            Market::class.java,
            Runner::class.java,
            Price::class.java,
            Sport::class.java,
            EventStatus::class.java,
            Side::class.java,
        ),
        // Measured: 5.8 KB of heap per event decoded by kotlinx Json (20,000 events; flat: 6.2 KB); rounded up as
        // flat's.
        heapBytesPerElement = 8 * 1024,
        adversarial = AdversarialEvents.events,
    ) { seed, count -> EventsGenerator(seed).events(count) }
}
