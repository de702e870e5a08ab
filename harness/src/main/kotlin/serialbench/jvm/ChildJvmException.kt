package serialbench.jvm

/**
 * A child JVM ([ChildChannel]) that did not hand back a result: it threw ([failure] holds the exception's class,
 * message and stack trace), exited with a non-zero [exitCode], or left no reply or one that cannot be read
 * ([reason]). The message names the child ([describe]), its exit code, and the stack trace or, without one, the
 * last lines of its output ([tail]).
 */
class ChildJvmException(
    val describe: String,
    val exitCode: Int,
    val failure: ChildReply.Failed?,
    val tail: List<String>,
    reason: String = "",
) : IllegalStateException(message(describe, exitCode, failure, tail, reason)) {
    private companion object {
        fun message(describe: String, exitCode: Int, failure: ChildReply.Failed?, tail: List<String>, reason: String) =
            if (failure != null) {
                "$describe: the JVM exited with $exitCode after ${failure.exceptionClass}: ${failure.message}\n" +
                    "its stack trace:\n${failure.stackTrace}"
            } else {
                "$describe: the JVM exited with $exitCode and $reason; its output ends with:\n" +
                    tail.joinToString("\n")
            }
    }
}
