package serialbench.results

import java.io.File
import java.io.IOException

/**
 * The commit checked out where a run happened, read from the repository's files (no `git` process): the nearest
 * `.git` at or above a directory, a directory or a worktree's `gitdir:` file, its `HEAD` (a hash when detached, else
 * a ref), the ref as a loose file or in `packed-refs` (in the worktree's own directory or the common one). Anything
 * missing or unreadable gives `null`: a run outside a checkout is no error.
 */
object GitCommit {
    private val HASH = Regex("[0-9a-f]{40}|[0-9a-f]{64}")

    fun of(directory: File): String? = try {
        generateSequence(directory.absoluteFile) { it.parentFile }
            .map { File(it, ".git") }
            .firstOrNull { it.exists() }
            ?.let(::head)
    } catch (e: IOException) {
        null
    } catch (e: SecurityException) {
        null
    }

    private fun head(dotGit: File): String? {
        val gitDir = if (dotGit.isDirectory) {
            dotGit
        } else {
            val pointer = dotGit.readText().trim()
            if (!pointer.startsWith("gitdir:")) return null
            resolve(dotGit.parentFile, pointer.removePrefix("gitdir:").trim())
        }
        val commonDir =
            File(gitDir, "commondir").takeIf { it.isFile }?.let { resolve(gitDir, it.readText().trim()) } ?: gitDir
        val head = File(gitDir, "HEAD").takeIf { it.isFile }?.readText()?.trim() ?: return null
        if (!head.startsWith("ref:")) return head.takeIf { HASH.matches(it) }
        val ref = head.removePrefix("ref:").trim()
        for (dir in listOf(gitDir, commonDir)) {
            val loose = File(dir, ref)
            if (loose.isFile) return loose.readText().trim().takeIf { HASH.matches(it) }
        }
        val packed = File(commonDir, "packed-refs").takeIf { it.isFile } ?: return null
        return packed.readLines().map { it.trim().split(' ') }
            .firstOrNull { it.size == 2 && it[1] == ref && HASH.matches(it[0]) }?.get(0)
    }

    private fun resolve(base: File, path: String): File = File(path).let { if (it.isAbsolute) it else File(base, path) }
}
