/// A `.desktop` file's `Exec` line as the words of a command, by the Desktop Entry
/// Specification: words split at spaces, double quotes group (with `\"`, `` \` ``, `\$` and
/// `\\` escaped inside), `%%` is a percent sign and every other field code (`%f`, `%U`,
/// `%i`…) is dropped, since nothing is opened. Used to start an application that the bus
/// cannot start for an action (`org.gtk.Notifications`).
///
///     DesktopExec.words("gnome-calendar --gapplication-service %U")   // ["gnome-calendar", "--gapplication-service"]
public enum DesktopExec {
    /// Words kept of one line; a longer line is refused.
    public static let maxWords = 64

    /// The command's words; nil for a line that is empty, has an unclosed quote or too many words.
    public static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var scalars = line.unicodeScalars[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    quoted = false
                } else if c == "\\", let next = scalars.first, "\"`$\\".unicodeScalars.contains(next) {
                    word.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                } else {
                    word.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "\"":
                quoted = true
                inWord = true
            case "%":
                guard let code = scalars.popFirst() else { return nil }
                if code == "%" {
                    word.append("%")
                    inWord = true
                }
            default:
                word.unicodeScalars.append(c)
                inWord = true
            }
            if words.count > maxWords { return nil }
        }
        guard !quoted else { return nil }
        if inWord { words.append(word) }
        guard let program = words.first, !program.isEmpty, words.count <= maxWords else { return nil }
        return words
    }
}
