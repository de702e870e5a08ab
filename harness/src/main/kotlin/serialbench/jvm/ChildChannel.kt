package serialbench.jvm

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.Json
import java.io.File
import java.nio.file.Files
import kotlin.system.exitProcess

/**
 * The one way to talk to a child JVM: what it should do goes in as one typed request [Q], what it measured comes
 * back as one typed result [R], both as JSON files. The parent ([call]) writes the request to a file of a fresh
 * temporary directory and starts [ChildJvm] with two arguments, the request file and the reply file; the child's
 * `main` passes them to [serve], which reads the request, runs it, and writes a [ChildReply]: [ChildReply.Done]
 * with the result, or [ChildReply.Failed] with the stack trace of what it threw. JVM flags (`-Xmx`, a fork's
 * `bench.jvmArgs`) stay flags of the command line.
 *
 * Every failure takes the same path: a child that threw, exited with a non-zero code or left no readable reply
 * makes [call] throw a [ChildJvmException] naming the child, its exit code and its stack trace or last lines.
 */
class ChildChannel<Q, R>(private val requestSerializer: KSerializer<Q>, resultSerializer: KSerializer<R>) {
    private val replySerializer = ChildReply.serializer(resultSerializer)

    /**
     * Runs [request] in a child JVM of [mainClass] (whose `main` calls [serve] on this channel) started with
     * [flags], relaying each line of its output to [onLine], and returns its result. Throws [ChildJvmException] if
     * the child fails, and [IllegalStateException] if it overruns [timeoutMillis] (it is then ended).
     */
    fun call(
        describe: String,
        mainClass: Class<*>,
        flags: List<String>,
        request: Q,
        timeoutMillis: Long,
        onLine: (String) -> Unit = {},
    ): R {
        val directory = Files.createTempDirectory("serialbench-child-").toFile()
        try {
            val requestFile = File(directory, REQUEST_FILE)
            requestFile.writeText(json.encodeToString(requestSerializer, request))
            val replyFile = File(directory, REPLY_FILE)
            val arguments = listOf(requestFile.path, replyFile.path)
            val finished = ChildJvm(describe, mainClass, flags, arguments).run(timeoutMillis, onLine)
            fun failed(reason: String) = ChildJvmException(describe, finished.exitCode, null, finished.tail, reason)
            if (!replyFile.isFile) throw failed("gave no reply")
            val reply = try {
                json.decodeFromString(replySerializer, replyFile.readText())
            } catch (e: Exception) {
                throw failed("gave a reply that cannot be read (${e.message})").apply { initCause(e) }
            }
            return when {
                reply is ChildReply.Failed -> throw ChildJvmException(describe, finished.exitCode, reply, finished.tail)
                finished.exitCode != 0 -> throw failed("wrote its result, but a child that succeeds exits with 0")
                else -> (reply as ChildReply.Done).result
            }
        } finally {
            directory.deleteRecursively()
        }
    }

    /**
     * The child's side, called from its `main` with its [args] (the request file, the reply file): stops this JVM
     * when its parent goes ([ParentWatch]), runs [handle] on the request, writes the reply and exits, with 0 after
     * a result and [FAILED_EXIT] after a failure, whose stack trace it also prints.
     */
    fun serve(args: Array<String>, handle: (Q) -> R): Nothing {
        require(args.size == 2) { "expected 2 arguments, the request file and the reply file; got ${args.toList()}" }
        ParentWatch.haltWhenParentGoes("child JVM of ${args[0]}")
        val reply = try {
            ChildReply.Done(handle(json.decodeFromString(requestSerializer, File(args[0]).readText())))
        } catch (failure: Throwable) {
            failure.printStackTrace()
            ChildReply.Failed.of(failure)
        }
        File(args[1]).writeText(json.encodeToString(replySerializer, reply))
        System.out.flush()
        exitProcess(if (reply is ChildReply.Done) 0 else FAILED_EXIT)
    }

    companion object {
        /** Exit status of a child whose task threw. */
        const val FAILED_EXIT = 1

        private const val REQUEST_FILE = "request.json"
        private const val REPLY_FILE = "reply.json"
        private val json = Json { encodeDefaults = true }
    }
}
