import Patterns

/// Splits a `script` line into a program and its arguments as a POSIX shell would, without
/// a shell: nothing is expanded (no `$VAR`, `~`, globs or pipes), so no text a toast carries
/// can become a command.
///
/// Blanks separate words; `'...'` keeps everything literally; `"..."` keeps everything but
/// `\"`, `\\`, `\$` and `` \` ``, which lose their backslash; elsewhere a backslash keeps the
/// next character. An unquoted `#` at the start of a word begins a comment.
///
///     try CommandWords.split(#"notify-mail "Inbox one" it\'s"#)   // ["notify-mail", "Inbox one", "it's"]
public enum CommandWords {
    public static func split(_ line: String) throws(RuleProblem) -> [String] {
        var words: [String] = []
        var word: [Unicode.Scalar] = []
        var inWord = false
        var scalars = line.unicodeScalars[...]
        func finish() {
            if inWord { words.append(String(String.UnicodeScalarView(word))) }
            word = []
            inWord = false
        }
        while let c = scalars.popFirst() {
            switch c {
            case " ", "\t", "\n":
                finish()
            case "#" where !inWord:
                scalars = scalars.suffix(0)
            case "'":
                inWord = true
                guard let close = scalars.firstIndex(of: "'") else { throw RuleProblem("missing closing '") }
                word += scalars[..<close]
                scalars = scalars[scalars.index(after: close)...]
            case "\"":
                inWord = true
                var closed = false
                while let d = scalars.popFirst() {
                    if d == "\"" {
                        closed = true
                        break
                    }
                    if d == "\\", let e = scalars.first, "\"\\$`".unicodeScalars.contains(e) {
                        word.append(e)
                        scalars.removeFirst()
                    } else {
                        word.append(d)
                    }
                }
                guard closed else { throw RuleProblem("missing closing \"") }
            case "\\":
                guard let next = scalars.popFirst() else { throw RuleProblem("a backslash ends the line") }
                inWord = true
                word.append(next)
            default:
                inWord = true
                word.append(c)
            }
        }
        finish()
        guard let program = words.first else { throw RuleProblem("needs a program to run") }
        guard !program.isEmpty else { throw RuleProblem("the program's name is empty") }
        guard words.count <= RuleLimits.maxScriptWords else {
            throw RuleProblem("more than \(RuleLimits.maxScriptWords) words")
        }
        guard line.utf8.count <= RuleLimits.maxSettingBytes else {
            throw RuleProblem("must be at most \(RuleLimits.maxSettingBytes) bytes")
        }
        return words
    }
}
