import JSONCodec

/// The links in a toast's markup (`<a href="…">`): what a click on one opens (`[general]
/// opener`) and what `xtoast menu` lists.
public enum Links {
    /// The schemes a link may have to be opened: the web and mail. Anything else (`file:`,
    /// `javascript:`, a custom handler a sender registered) is refused with a log line, so a
    /// notification cannot make a click run what its scheme's handler would.
    public static let openableSchemes = ["http", "https", "mailto"]
    /// Links kept per toast; a message with more lists the first ones.
    public static let maxCount = 16
    /// A longer target is not a link anyone clicks.
    public static let maxBytes = 2048

    /// The targets of the `<a href>` links in `markup` and of its plain links (`PlainLinks`),
    /// in order, each once, entities decoded; at most `maxCount`, each at most `maxBytes`
    /// (longer ones are left out).
    public static func targets(in markup: String) -> [String] {
        let scalars = Array(PlainLinks.marked(markup).unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count, found.count < maxCount {
            guard scalars[index] == "<", let tag = Tag.read(scalars, from: index) else {
                index += 1
                continue
            }
            index = tag.end
            guard tag.name == "a", !tag.closing, let href = tag.attributes.last(where: { $0.name == "href" })?.value else { continue }
            let target = String(Substring(MarkupSanitizer.decodeEntities(href)).trimmingBlanks())
            if !target.isEmpty, target.utf8.count <= maxBytes, !found.contains(target) { found.append(target) }
        }
        return found
    }

    /// The links of a toast: none unless its message is markup.
    public static func targets(of toast: Toast) -> [String] { toast.markup ? targets(in: toast.message) : [] }

    /// Whether `target` may be opened: one of `openableSchemes` (any case), no control
    /// characters or spaces that would let it be read as more than one argument, no bidi
    /// formatting character (a right-to-left override makes a link read as another), raw or
    /// percent-encoded, and for `mailto` no `attach`/`attachment` field (a mail client would
    /// attach a file of the user's to the message it opens), in any case or position,
    /// percent-encoded or not.
    public static func isOpenable(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon].lowercased()
        guard openableSchemes.contains(scheme) else { return false }
        guard !target.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || UnicodeControls.isControl($0) || UnicodeControls.isBidiControl($0) })
        else { return false }
        // What the handler sees once it decodes (a `%0A` in a mail body is a line break, so
        // only bidi characters are looked for here).
        let decoded = percentDecoded(target)
        guard !decoded.unicodeScalars.contains(where: UnicodeControls.isBidiControl) else { return false }
        return scheme != "mailto" || !asksToAttach(decoded)
    }

    /// Rounds of percent-decoding `isOpenable` looks through (`%2561` is `%61` is `a`): more
    /// than a handler does.
    static let decodingRounds = 3

    /// `text` percent-decoded `decodingRounds` times; a `%` not followed by two hex digits is
    /// kept, invalid UTF-8 becomes U+FFFD.
    static func percentDecoded(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<decodingRounds {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                    out.append(high << 4 | low)
                    i += 3
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            if out == bytes { break }
            bytes = out
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a decoded `mailto` target has a header field named `attach…` (`attach`,
    /// `Attachment`, ` ATTACH`): any part between `?`, `&` and `;` that starts so.
    static func asksToAttach(_ decoded: String) -> Bool {
        decoded.lowercased().split(whereSeparator: { $0 == "?" || $0 == "&" || $0 == ";" }).contains { field in
            field.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).hasPrefix("attach")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
