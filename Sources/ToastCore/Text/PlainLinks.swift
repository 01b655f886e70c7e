/// Links written as plain text in a message (`open https://example.com/file.pdf`), found as
/// dunst finds them (its URL expression in src/menu.c: a scheme or `www.` at a word's start,
/// then URL characters, ending on one that cannot end a sentence), and marked up as
/// `<a href>` so the card draws them, a click opens them and the menu lists them as it does
/// a sender's own links. Only what the opener accepts is linked: `http(s)://`, `mailto:` and
/// `www.` (opened as `http://www.…`); `file://`, `ftp://` and `news://` are found (so a
/// `www.` inside one is not taken alone) and left as text, as is a link longer than `maxBytes`.
///
///     PlainLinks.marked("open https://example.com/file.pdf.")
///     // "open <a href=\"https://example.com/file.pdf\">https://example.com/file.pdf</a>."
public enum PlainLinks {
    /// The starts dunst looks for, lower case; `linked` says whether xtoast links it.
    static let prefixes: [(text: [Unicode.Scalar], linked: Bool)] = [
        ("https://", true), ("http://", true), ("mailto:", true), ("www.", true),
        ("ftps://", false), ("ftp://", false), ("news://", false), ("file://", false),
    ].map { (Array($0.0.unicodeScalars), $0.1) }

    /// The longest plain link marked, in bytes: the `<a href="http://…">` around it must stay
    /// within the longest tag the sanitizer reads (`Tag.longest`, counted in characters).
    public static let maxBytes = min(Links.maxBytes, Tag.longest) - 24

    /// `markup` with each plain link outside a tag and outside an `<a>` wrapped in one; at
    /// most `Links.maxCount` are added, none longer than `maxBytes`. Text without a
    /// `:` or `www` is returned as it is without a further look.
    public static func marked(_ markup: String) -> String {
        guard markup.contains(":") || markup.lowercased().contains("www.") else { return markup }
        let scalars = Array(markup.unicodeScalars)
        var out = String.UnicodeScalarView()
        var inLink = false
        var added = 0
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", let tag = Tag.read(scalars, from: index) {
                if tag.name == "a", !tag.selfClosing { inLink = !tag.closing }
                out.append(contentsOf: scalars[index..<tag.end])
                index = tag.end
                continue
            }
            if !inLink, added < Links.maxCount, let found = link(in: scalars, at: index) {
                let text = String(String.UnicodeScalarView(scalars[index..<found.end]))
                if found.linked, text.utf8.count <= maxBytes {
                    let target = found.www ? "http://" + text : text
                    out.append(contentsOf: "<a href=\"\(target)\">\(text)</a>".unicodeScalars)
                    added += 1
                } else {
                    out.append(contentsOf: text.unicodeScalars)
                }
                index = found.end
                continue
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// A link starting at `start`: where it ends, whether xtoast links its kind, whether it is a bare `www.`.
    static func link(in s: [Unicode.Scalar], at start: Int) -> (end: Int, linked: Bool, www: Bool)? {
        if start > 0, isWordCharacter(s[start - 1]) { return nil }
        guard let prefix = prefixes.first(where: { p in
            start + p.text.count <= s.count && zip(p.text, s[start...]).allSatisfy { lowered($0.1) == $0.0 }
        }) else { return nil }
        let body = start + prefix.text.count
        guard let end = end(in: s, body: body) else { return nil }
        return (end, prefix.linked, prefix.text.first == "w")
    }

    /// dunst's `[set]*(\([set]*\)|[last])+` after the prefix, longest match: a run of URL
    /// characters, then parenthesised groups and characters that may end a URL (not `.`,
    /// `,`, `!`, `'`, `#`), so a sentence's full stop stays outside. Nil when nothing may end it.
    static func end(in s: [Unicode.Scalar], body: Int) -> Int? {
        var runEnd = body
        while runEnd < s.count, isURLCharacter(s[runEnd]) { runEnd += 1 }
        var lastEnding: Int?
        var i = runEnd
        while i > body {
            if mayEnd(s[i - 1]) { lastEnding = i; break }
            i -= 1
        }
        /// A `(…)` group of URL characters starting at `k`: the index after its `)`.
        func group(at k: Int) -> Int? {
            guard k < s.count, s[k] == "(" else { return nil }
            var m = k + 1
            while m < s.count, isURLCharacter(s[m]) { m += 1 }
            return m < s.count && s[m] == ")" ? m + 1 : nil
        }
        // The run's last characters may all end a URL, or a group follows it: the match goes on.
        guard lastEnding == runEnd || group(at: runEnd) != nil else { return lastEnding }
        var k = runEnd
        while true {
            if let next = group(at: k) { k = next } else if k < s.count, mayEnd(s[k]) { k += 1 } else { break }
        }
        return k > body ? k : nil
    }

    /// `[:alnum:]`, letters and digits of any script (dunst's regex runs in the user's UTF-8 locale).
    static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? (c.properties.isAlphabetic || ("0"..."9").contains(c)) : (c.properties.isAlphabetic || c.properties.numericType != nil)
    }

    static func isWordCharacter(_ c: Unicode.Scalar) -> Bool { c == "_" || isAlphanumeric(c) }

    /// `[-[:alnum:]_\@;/?:&=%$.+!*',~#]` (a backslash is literal in a POSIX bracket).
    static func isURLCharacter(_ c: Unicode.Scalar) -> Bool { isAlphanumeric(c) || "-_\\@;/?:&=%$.+!*',~#".unicodeScalars.contains(c) }

    /// `[-[:alnum:]_\@;/?:&=%$+*~]`: what may be a URL's last character.
    static func mayEnd(_ c: Unicode.Scalar) -> Bool { isAlphanumeric(c) || "-_\\@;/?:&=%$+*~".unicodeScalars.contains(c) }

    private static func lowered(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32) ?? c : c
    }
}
