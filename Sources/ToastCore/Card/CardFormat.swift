/// How a message's markup is read (`[text] markup`, dunst's `markup`).
public enum MarkupMode: String, CaseIterable, Sendable {
    /// As the toast says: a `--markup` or D-Bus body's tags are drawn.
    case full
    /// Tags are removed, their text kept (entities read).
    case strip
    /// Shown as sent, tags and all.
    case no
}

/// Where text lines up in its box (`[text] alignment`).
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right
}

/// Where a cut line shows "…" (`[text] ellipsize`).
public enum EllipsizePlace: String, CaseIterable, Sendable {
    case start, middle, end
}

/// dunst's `format`: the card's text written as one string, with `%a` (the application),
/// `%s` (the title), `%b` (the message), `%p` (the progress as `[ 60%]`), `%n` (the number
/// alone), `%i` (the icon as given), `%I` (its file name alone) and `%%`; `\n` is a line
/// break, and markup in the format itself (`<b>%s</b>`) is drawn whatever `markup` says.
/// A field the toast lacks is left out, as dunst does.
public enum CardFormat {
    /// dunst's default, `<b>%s</b>\n%b`.
    public static let dunstDefault = "<b>%s</b>\\n%b"

    /// The longest format read: a format is a template, not a message.
    public static let maxBytes = 1024

    /// Toast markup (`MarkupSanitizer`'s input) for `toast` through `format`. The title, the
    /// application and icon are always text; the message is markup only when the toast's is
    /// and `markup` is `full`.
    public static func render(_ format: String, _ toast: Toast, markup: MarkupMode) -> String {
        var out = ""
        var scalars = format.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            switch c {
            case "%":
                guard let field = scalars.next() else { out += "%"; break }
                out += value(field, toast, markup: markup) ?? "%" + String(field)
            case "\\":
                guard let next = scalars.next() else { out += "\\"; break }
                out += next == "n" ? "\n" : "\\" + String(next)
            default:
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func value(_ field: Unicode.Scalar, _ toast: Toast, markup: MarkupMode) -> String? {
        switch field {
        case "a": return MarkupSanitizer.escaped(toast.app ?? "")
        case "s": return MarkupSanitizer.escaped(toast.title)
        case "b": return body(toast, markup: markup)
        case "p": return toast.progress.map { "[" + pad(percent($0), to: 3) + "%]" } ?? ""
        case "n": return toast.progress.map { String(percent($0)) } ?? ""
        case "i": return MarkupSanitizer.escaped(toast.icon ?? "")
        case "I": return MarkupSanitizer.escaped(toast.icon.map { String($0.split(separator: "/").last ?? "") } ?? "")
        case "%": return "%"
        default: return nil
        }
    }

    /// The message as toast markup under `markup`.
    public static func body(_ toast: Toast, markup: MarkupMode) -> String {
        guard toast.markup else { return MarkupSanitizer.escaped(toast.message) }
        switch markup {
        case .full: return toast.message
        case .strip: return MarkupSanitizer.escaped(MarkupSanitizer.stripped(toast.message))
        case .no: return MarkupSanitizer.escaped(toast.message)
        }
    }

    private static func percent(_ progress: Double) -> Int {
        progress.isFinite ? Int(max(0, min(100, progress)).rounded()) : 0
    }

    private static func pad(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, width - digits.count)) + digits
    }
}
