package serialbench.parallel.internal.split

/**
 * What the planner's way gave against the engine alone, measured end to end on one kind of call: the wall time per
 * unit of size (a character read, an element written) of the calls that went the planner's way ([Choice.PLAN]: its
 * outline, its splits or declines) and of those the engine ran whole ([Choice.WHOLE]), by direction and size class
 * (the power of two at or below the size), the median of the last [WINDOW] of each.
 *
 * The planner predicts a split's time from the engine's rate in the split's own tasks ([SplitCosts]); where two
 * threads slow each other down (fastjson2 writing a 0.5 MB catalog on both cores of two at once ran each at about
 * half its speed alone), that rate overstates what the call takes whole, and the planner splits calls that lose. Where the planner's calls of a size class took longer per unit than the engine alone, less a gain of
 * [MIN_GAIN], the calls of that class run whole; either way, the choice not taken is measured again every
 * [REFRESH_CALLS] calls, and until the engine alone has [SAMPLES] calls of a class, one call in [FIRST_WHOLE_EVERY]
 * runs whole once the planner's way has them. Thread safe.
 */
internal class SplitOutcomes {
    enum class Choice { PLAN, WHOLE }

    private val classes = HashMap<Pair<SplitCosts.Direction, Int>, SizeClass>()

    /** The way of the next call of [size] in [direction]. */
    fun choose(direction: SplitCosts.Direction, size: Long): Choice = sizeClass(direction, size).choose()

    /** A call of [size] in [direction] that went [choice]'s way took [wallNanos]. */
    fun record(direction: SplitCosts.Direction, size: Long, choice: Choice, wallNanos: Long) {
        if (size > 0 && wallNanos > 0) sizeClass(direction, size).record(choice, wallNanos.toDouble() / size)
    }

    private fun sizeClass(direction: SplitCosts.Direction, size: Long): SizeClass = synchronized(classes) {
        classes.getOrPut(direction to (63 - java.lang.Long.numberOfLeadingZeros(maxOf(size, 1)))) { SizeClass() }
    }

    private class SizeClass {
        private val plan = Recent()
        private val whole = Recent()
        private var callsSinceOther = 0

        @Synchronized
        fun choose(): Choice {
            val favoured = favoured()
            val other = when {
                plan.count < SAMPLES -> null

                whole.count < SAMPLES -> Choice.WHOLE.takeIf { ++callsSinceOther >= FIRST_WHOLE_EVERY }

                else -> (if (favoured == Choice.PLAN) Choice.WHOLE else Choice.PLAN)
                    .takeIf { ++callsSinceOther >= REFRESH_CALLS }
            }
            if (other == null) return favoured
            callsSinceOther = 0
            return other
        }

        @Synchronized
        fun record(choice: Choice, nanosPerChar: Double) = (
            if (choice ==
                Choice.PLAN
            ) {
                plan
            } else {
                whole
            }
            ).add(nanosPerChar)

        /** The way the measurements favour: the planner's until both have [SAMPLES] calls. */
        private fun favoured(): Choice = when {
            plan.count < SAMPLES || whole.count < SAMPLES -> Choice.PLAN
            plan.median() * MIN_GAIN <= whole.median() -> Choice.PLAN
            else -> Choice.WHOLE
        }
    }

    /** The last [WINDOW] measurements, their median. */
    private class Recent {
        private val values = DoubleArray(WINDOW)
        var count = 0
            private set

        fun add(value: Double) {
            values[count % WINDOW] = value
            count++
        }

        fun median(): Double {
            val kept = values.copyOf(minOf(count, WINDOW))
            kept.sort()
            return kept[kept.size / 2]
        }
    }

    companion object {
        /** Measurements of each way kept, their median counts: a call stalled by a collection does not decide. */
        const val WINDOW = 5

        /** Measurements of a way before it counts. */
        const val SAMPLES = 3

        /** Until the engine alone has [SAMPLES] calls of a size class, one call in this many runs whole. */
        const val FIRST_WHOLE_EVERY = 4

        /** The choice not taken is measured again after this many calls. */
        const val REFRESH_CALLS = 64

        /** The planner's way is kept where it is at least this many times as fast as the engine alone. */
        const val MIN_GAIN = 1.05
    }
}
