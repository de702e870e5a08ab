package serialbench.jvm

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import java.io.PrintWriter
import java.io.StringWriter

/** What a child JVM hands back ([ChildChannel]): its result, or how it failed. */
@Serializable
sealed class ChildReply<out R> {
    /** The task ran to its end and gave [result]. */
    @Serializable
    @SerialName("done")
    class Done<out R>(val result: R) : ChildReply<R>()

    /** The task threw: the exception's class, its message and its whole stack trace (causes included), as text. */
    @Serializable
    @SerialName("failed")
    class Failed(val exceptionClass: String, val message: String?, val stackTrace: String) : ChildReply<Nothing>() {
        companion object {
            fun of(failure: Throwable) = Failed(
                failure.javaClass.name,
                failure.message,
                StringWriter().also { failure.printStackTrace(PrintWriter(it)) }.toString().trimEnd(),
            )
        }
    }
}
