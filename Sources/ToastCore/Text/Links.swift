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

    /// The targets of the `<a href>` links in `markup`, in order, each once, entities decoded;
    /// at most `maxCount`, each at most `maxBytes` (longer ones are left out).
    public static func targets(in markup: String) -> [String] {
        let scalars = Array(markup.unicodeScalars)
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

    /// Whether `target` may be opened: one of `openableSchemes` (any case), and no control
    /// characters or spaces that would let it be read as more than one argument.
    public static func isOpenable(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon].lowercased()
        guard openableSchemes.contains(scheme) else { return false }
        return !target.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || UnicodeControls.isControl($0) }
    }
}
