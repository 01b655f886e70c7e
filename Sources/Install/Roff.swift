import ToastCore

/// Text for man(7) pages: escapes what roff would otherwise read as requests or escapes.
enum Roff {
    /// One line of running text: backslashes kept, hyphens as minus signs (so options
    /// copy and paste), a leading `.` or `'` not taken for a request, and anything past ASCII
    /// written as `\[uXXXX]` (how mandoc reads it, so a line's bytes are what it measures).
    static func text(_ line: some StringProtocol) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return breakable(out)
    }

    /// A word longer than this (a JSON request, a list of words joined by `|`) gets break
    /// points, so no line is left that roff cannot break (`groff -ww` warns of each).
    static let longWord = 30

    /// Long words with `\:` (an invisible break point) after each `,` and `|`.
    static func breakable(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.utf8.count > longWord else { return String(word) }
            var out = ""
            for c in word {
                out.append(c)
                if c == "," || c == "|" { out += "\\:" }
            }
            return out
        }.joined(separator: " ")
    }

    /// Running text, escaped and broken into input lines of at most `width` bytes
    /// (roff fills them again; short lines keep the source readable and `mandoc -T lint` quiet).
    static func paragraph(_ text: some StringProtocol, width: Int = 78) -> [String] {
        wrap(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(Self.text), width: width)
    }

    /// Words already escaped (and perhaps set in bold), joined into lines of at most `width` bytes.
    static func wrap(_ words: [String], width: Int = 78) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func bold(_ text: some StringProtocol) -> String { "\\fB" + Self.text(text) + "\\fR" }
    static func italic(_ text: some StringProtocol) -> String { "\\fI" + Self.text(text) + "\\fR" }

    /// The page header: `name` in capitals, its section (1, 5 or 7).
    static func header(_ name: String = "xtoast", section: Int, date: String, manual: String) -> String {
        // Left-adjusted, unhyphenated: JSON and option names stay whole and copyable.
        ".TH \(text(name.uppercased())) \(section) \"\(date)\" \"\(Version.line("xtoast"))\" \"\(manual)\"\n.ad l\n.nh"
    }
}
