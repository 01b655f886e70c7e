// libFuzzer target: an arbitrary pattern compiled as a rule's `~` line and matched against
// arbitrary text as the rules see it: no trap, a program within its bound, a match within
// (text bytes + 1) × program size steps, the same answer through the rule set, and, on cases
// small enough for glibc to stay quick, the same reading and answer as glibc's regcomp and
// regexec. Built by scripts/fuzz; in a plain `swift build` it links and does nothing.
//
// Input: one byte choosing the field, two bytes giving the pattern's length (up to a little
// past RuleLimits.maxPatternBytes), the pattern, then the text.
#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import Patterns
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 3 else { return 0 }
    let field = [RuleField.body, .summary, .app, .category][Int(bytes[0]) % 4]
    let length = min((Int(bytes[1]) << 8 | Int(bytes[2])) % (RuleLimits.maxPatternBytes + 64), bytes.count - 3)
    let pattern = String(decoding: bytes[3..<(3 + length)], as: UTF8.self)
    let text = String(decoding: bytes[(3 + length)...], as: UTF8.self)
    /// Small enough that glibc compiles and matches it in microseconds. glibc's `regcomp`
    /// copies what each `+` repeats (`a+` is `aa*`), so stacked ones (`a+++…`) double its
    /// memory each: 20 took it 700 MB, and 18 `?` before 4 `+` a second (ours folds a run of
    /// quantifiers into one, `RegexNode.simplified`). So glibc is asked only with few `+` and
    /// short runs of quantifiers.
    let small = pattern.utf8.count <= 48 && pattern.utf8.lazy.filter { $0 == UInt8(ascii: "+") }.count <= 8
        && longestQuantifierRun(pattern) <= 4

    let match: RuleMatch
    do {
        match = try RuleMatch(field: field, op: .regex, value: pattern)
    } catch {
        fuzzCheck(!error.message.isEmpty, "a refusal without a reason")
        if small, error.message.hasPrefix("bad regular expression") {
            var compiled = regex_t()
            let status = regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB)
            if status == 0 { regfree(&compiled) }
            fuzzCheck(status != 0, "glibc accepts \(String(reflecting: pattern)), ours refuses it: \(error.message)")
        }
        return 0
    }
    fuzzCheck(pattern.utf8.count <= RuleLimits.maxPatternBytes, "a pattern of \(pattern.utf8.count) bytes was accepted")
    guard let regex = try? PosixRegex(pattern) else {
        fuzzCheck(false, "the rule compiled \(String(reflecting: pattern)) but the expression alone did not")
        return 0
    }
    fuzzCheck(regex.size <= RuleLimits.maxPatternInstructions, "\(String(reflecting: pattern)) compiled to \(regex.size) instructions")

    let subject = RuleSubject(app: text, summary: text, body: text, category: text)
    let seen = subject.text(of: field)
    var steps = 0
    let found = regex.matches(seen, steps: &steps)
    fuzzCheck(steps <= (seen.utf8.count + 1) * regex.size,
              "\(steps) steps for \(seen.utf8.count) bytes and \(regex.size) instructions")
    fuzzCheck(match.holds(for: subject) == found, "the match line and its expression disagree")
    let rules = RuleSet([Rule(name: "fuzz", matches: [match])])
    fuzzCheck(rules.evaluate(subject).matched.isEmpty != found, "the rule set and the expression disagree")

    if small, regex.size <= 256, seen.utf8.count <= 256, !seen.utf8.contains(0) {
        var compiled = regex_t()
        guard regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB) == 0 else {
            fuzzCheck(false, "ours accepts \(String(reflecting: pattern)), glibc refuses it")
            return 0
        }
        defer { regfree(&compiled) }
        let theirs = regexec(&compiled, seen, 0, nil, 0) == 0
        fuzzCheck(theirs == found, "\(String(reflecting: pattern)) on \(String(reflecting: seen)): glibc \(theirs), ours \(found)")
    }
    return 0
}

/// The most `*`, `+` and `?` in a row in `pattern`.
private func longestQuantifierRun(_ pattern: String) -> Int {
    var longest = 0, run = 0
    for byte in pattern.utf8 {
        run = byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "?") ? run + 1 : 0
        longest = max(longest, run)
    }
    return longest
}
