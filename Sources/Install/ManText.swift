/// A man page's roff as a terminal shows it, for `xtoast help --page NAME` where man is not
/// installed: the requests the pages use (`ManPage`), laid out as man(7) lays them out in
/// an 80-column terminal: sections at the margin, text indented 7, `.TP` bodies 7 further.
/// `ManTextTests` checks it prints the same text as `man -l`.
public enum ManText {
    /// The page's text; `width` is the terminal's (man's `MANWIDTH`).
    public static func render(_ roff: String, width: Int = 80) -> String {
        var renderer = Renderer(length: max(40, width - 2))
        for line in roff.split(separator: "\n", omittingEmptySubsequences: false) { renderer.read(Substring(line)) }
        return renderer.finish()
    }

    /// The text of a roff line: fonts dropped, escapes read, `\:` kept as `breakPoint`.
    static func plain(_ text: Substring) -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            i = text.index(after: i)
            guard c == "\\", i < text.endIndex else {
                out.append(c)
                continue
            }
            let e = text[i]
            i = text.index(after: i)
            switch e {
            case "f": if i < text.endIndex { i = text.index(after: i) }  // \fB, \fI, \fR, \fP
            case "e": out.append("\\")
            case "-": out.append("-")
            case "&": break
            case ":": out.append(breakPoint)
            case " ": out.append("\u{A0}")
            case "[":
                guard let close = text[i...].firstIndex(of: "]") else { break }
                let name = text[i..<close]
                i = text.index(after: close)
                if name.hasPrefix("u"), let value = UInt32(name.dropFirst(), radix: 16), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                }
            default: out.append(e)
            }
        }
        return out
    }

    /// Where a long word may break (`\:`): nothing is shown there.
    static let breakPoint: Character = "\u{1}"

    /// A request's arguments: words, or "quoted words".
    static func arguments(_ text: Substring) -> [String] {
        var args: [String] = []
        var current = ""
        var quoted = false
        var any = false
        for c in text {
            if c == "\"" { quoted.toggle(); any = true; continue }
            if c == " " && !quoted {
                if any || !current.isEmpty { args.append(current) }
                current = ""
                any = false
            } else {
                current.append(c)
            }
        }
        if any || !current.isEmpty { args.append(current) }
        return args
    }

    struct Renderer {
        let length: Int
        var lines: [String] = []
        var header = ""
        var footer = ""
        /// The margin text starts at (`.RS` moves it by `step`), and the indent of the body
        /// of a `.TP` (nil outside one).
        var margin = 7
        var margins: [Int] = []
        var bodyIndent: Int?
        /// The tag lines of a `.TP` waiting for their body.
        var tags: [String] = []
        var expectingTag = false
        var words: [(text: String, endsSentence: Bool)] = []
        var filling = true
        /// A heading was the last line: the blank line a paragraph starts with is not added.
        var afterHeading = false
        static let step = 7

        mutating func read(_ line: Substring) {
            guard line.hasPrefix(".") else { return text(line) }
            let name = line.dropFirst().prefix { $0 != " " }
            let rest = line.dropFirst(1 + name.count).drop { $0 == " " }
            switch name {
            case "TH":
                let a = ManText.arguments(rest).map { ManText.plain(Substring($0)) }
                let title = a.count > 1 ? "\(a[0])(\(a[1]))" : a.first ?? ""
                header = spread(title, a.count > 4 ? a[4] : "", title)
                footer = spread(a.count > 3 ? a[3] : "", a.count > 2 ? a[2] : "", title)
            case "SH", "SS":
                flush()
                reset()
                blank()
                let title = ManText.plain(Substring(ManText.arguments(rest).joined(separator: " ")))
                lines.append(String(repeating: " ", count: name == "SS" ? 3 : 0) + title)
                afterHeading = true
            case "PP", "LP", "P":
                flush()
                bodyIndent = nil
                blank()
            case "sp":
                flush()
                blank()
            case "br":
                flush()
            case "TP":
                flush()
                blank()
                tags = []
                expectingTag = true
                bodyIndent = margin + Self.step
            case "TQ":
                flush()
                expectingTag = true
            case "RS":
                flush()
                margins.append(margin)
                margin += Self.step
                bodyIndent = nil
            case "RE":
                flush()
                margin = margins.popLast() ?? 7
                bodyIndent = nil
            case "nf":
                flush()
                filling = false
            case "fi":
                flush()
                filling = true
            case "B", "I", "BR", "IR", "BI", "RB", "RI", "IB":
                text(Substring(ManText.arguments(rest).joined(separator: name.count == 1 ? " " : "")))
            default:
                break  // .ad, .nh: already how this lays text out
            }
        }

        mutating func reset() {
            margin = 7
            margins = []
            bodyIndent = nil
            tags = []
            expectingTag = false
        }

        mutating func text(_ line: Substring) {
            let plain = ManText.plain(line)
            if expectingTag {
                tags.append(plain)
                expectingTag = false
                return
            }
            guard filling else {
                if let shared = placeTags() { emit(shared) }
                emit(String(repeating: " ", count: bodyIndent ?? margin) + plain.filter { $0 != ManText.breakPoint })
                return
            }
            let split = plain.split(separator: " ").map(String.init)
            for (i, word) in split.enumerated() {
                let last = i == split.count - 1
                let end = word.last.map { ".?!".contains($0) } ?? false
                    || (word.count > 1 && ".?!".contains(word[word.index(word.endIndex, offsetBy: -2)]) && "\")]'*".contains(word.last ?? " "))
                words.append((word, last && end))
            }
        }

        /// Tags of a `.TP` whose body has not started: each on a line of its own (broken at
        /// its break points when longer than the line), except a last one short enough to
        /// share its line with the body.
        mutating func placeTags() -> String? {
            guard !tags.isEmpty else { return nil }
            let indent = String(repeating: " ", count: margin)
            let body = bodyIndent ?? margin
            var shared: String?
            for (i, tag) in tags.enumerated() {
                let whole = tag.filter { $0 != ManText.breakPoint }
                if i == tags.count - 1, whole.count < body - margin {
                    shared = indent + whole
                    continue
                }
                var line = indent
                for piece in tag.split(separator: ManText.breakPoint) {
                    if line.count > margin && line.count + piece.count > length {
                        emit(line)
                        line = indent
                    }
                    line += piece
                }
                emit(line)
            }
            tags = []
            return shared
        }

        mutating func flush() {
            let shared = placeTags()
            guard !words.isEmpty else {
                if let shared { emit(shared) }
                return
            }
            let indent = bodyIndent ?? margin
            var line = shared.map { $0 + String(repeating: " ", count: indent - $0.count) } ?? String(repeating: " ", count: indent)
            var empty = true
            var previousEnds = false
            for word in words {
                var pieces = word.text.split(separator: ManText.breakPoint, omittingEmptySubsequences: false).map(String.init)
                while !pieces.isEmpty {
                    let gap = empty ? "" : (previousEnds ? "  " : " ")
                    // As many pieces as fit; a word alone on its line overflows rather than vanish.
                    var take = pieces.count
                    while take > 1 && line.count + gap.count + pieces.prefix(take).joined().count > length { take -= 1 }
                    let part = pieces.prefix(take).joined()
                    if !empty && line.count + gap.count + part.count > length {
                        emit(line)
                        line = String(repeating: " ", count: indent)
                        empty = true
                        continue
                    }
                    line += gap + part
                    empty = false
                    pieces.removeFirst(take)
                    previousEnds = pieces.isEmpty && word.endsSentence
                    if !pieces.isEmpty {
                        emit(line)
                        line = String(repeating: " ", count: indent)
                        empty = true
                    }
                }
            }
            if !empty { emit(line) }
            words = []
        }

        mutating func blank() {
            if let last = lines.last, !last.isEmpty, !afterHeading { lines.append("") }
        }

        /// Adds a line of text: the heading before it is no longer the last line.
        mutating func emit(_ line: String) {
            lines.append(line)
            afterHeading = false
        }

        /// `left`, `center` and `right` spread over the line, as man's header and footer.
        func spread(_ left: String, _ center: String, _ right: String) -> String {
            // The middle is centred on the line, as man centres it.
            let start = max(left.count + 1, (length - center.count + 1) / 2)
            let after = max(1, length - start - center.count - right.count)
            return left + String(repeating: " ", count: start - left.count) + center + String(repeating: " ", count: after) + right
        }

        mutating func finish() -> String {
            flush()
            while lines.last?.isEmpty == true { lines.removeLast() }
            let body = lines.drop { $0.isEmpty }.map { String($0.map { $0 == "\u{A0}" ? " " : $0 }) }
            return ([header, ""] + body + ["", footer]).joined(separator: "\n") + "\n"
        }
    }
}
