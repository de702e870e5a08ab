package serialbench.codecs.fastjson2parallel

/**
 * fastjson2 resolves a reference (`{"$ref": "$[0]"}`, `"$.data[0]"`, `".."`, `"@"`) against the whole text it reads
 * (`JSON.parse`, `parseArray`, `parseObject` alike): a slice, a part or a skeleton read alone would resolve it against
 * itself, or to nothing. So a text in which `$ref` appears anywhere (a string that holds it too: the test is cheap and
 * errs on the safe side) is read by fastjson2 whole, as the engines' `splits` say.
 */
internal object Fastjson2References {
    /** False where `$ref` appears in [text], found by its `$`, which JSON texts seldom hold. */
    fun splits(text: String): Boolean {
        var dollar = text.indexOf('$')
        while (dollar >= 0) {
            if (text.startsWith("ref", dollar + 1)) return false
            dollar = text.indexOf('$', dollar + 1)
        }
        return true
    }
}
