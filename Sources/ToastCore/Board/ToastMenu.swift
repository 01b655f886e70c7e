import JSONCodec

/// What `xtoast menu` offers: one line per action and link, for a menu program (dmenu,
/// rofi) to show and print back.
public struct MenuItem: Equatable, Sendable {
    /// The line the menu shows and prints back: unique among the items, one line, no
    /// control characters.
    public var line: String
    /// The toast it belongs to.
    public var id: String
    /// What choosing it does: an action of the toast, or a link to open.
    public var choice: Choice

    public enum Choice: Equatable, Sendable {
        case action(String)
        case link(String)
    }

    /// Lines offered at most: more than a menu shows, and the reply stays small.
    public static let maxCount = 200

    public init(line: String, id: String, choice: Choice) {
        self.line = line
        self.id = id
        self.choice = choice
    }

    /// The `menu` reply's item: `{"line":…,"id":…,"action":…}` or `…"link":…}`.
    public var json: JSON {
        let choice: (String, JSON) = switch self.choice {
        case let .action(a): ("action", .string(a))
        case let .link(l): ("link", .string(l))
        }
        return .object([("line", .string(line)), ("id", .string(id)), choice])
    }

    public init?(_ json: JSON) {
        guard case let .string(line)? = json["line"], case let .string(id)? = json["id"] else { return nil }
        if case let .string(a)? = json["action"] {
            self.init(line: line, id: id, choice: .action(a))
        } else if case let .string(l)? = json["link"] {
            self.init(line: line, id: id, choice: .link(l))
        } else {
            return nil
        }
    }
}

extension Board {
    /// The menu: the actions (buttons in order, then a default action that has no button,
    /// by its id) and openable links of the newest visible toast that has any, or of every
    /// visible toast, newest first, with `all`. Every line starts with what it belongs to,
    /// `#ID APP · TITLE: ` (`MenuItem.prefix`), so no toast's label can pass for another
    /// toast's line: the id is the daemon's, unique, and shown so that no two ids look alike.
    /// A line that would repeat one of the same toast gets ` (2)`, ` (3)`… after it. At most
    /// `MenuItem.maxCount`, newest toasts first.
    public func menuItems(all: Bool) -> [MenuItem] {
        let toasts = all ? visibleNewestFirst.filter { NewestPurpose.menu.isServed(by: $0) } : newest(for: .menu).map { [$0] } ?? []
        var items: [MenuItem] = []
        for t in toasts {
            let prefix = MenuItem.prefix(of: t)
            var choices = t.actions.map { (MenuItem.oneLine($0.label), MenuItem.Choice.action($0.id)) }
            if let d = t.defaultAction, !t.actions.contains(where: { $0.id == d }) { choices.append((MenuItem.oneLine(d), .action(d))) }
            choices += Links.targets(of: t).filter(Links.isOpenable).map { (MenuItem.oneLine($0), .link($0)) }
            var lines: Set<String> = []
            for (text, choice) in choices where items.count < MenuItem.maxCount {
                var line = prefix + text
                var n = 1
                while lines.contains(line) {
                    n += 1
                    line = "\(prefix)\(text) (\(n))"
                }
                lines.insert(line)
                items.append(MenuItem(line: line, id: t.id, choice: choice))
            }
        }
        return items
    }
}

extension MenuItem {
    /// What each of a toast's lines starts with: `#ID`, then its application and its title
    /// when it has them (`#7 Mail · New message: `). The id is the one part a sender cannot
    /// make look like another toast's (ids are unique; `shownID` leaves none looking alike).
    static func prefix(of toast: Toast) -> String {
        var prefix = "#" + shownID(toast.id)
        if let app = toast.app, !app.isEmpty { prefix += " " + shortened(oneLine(app)) }
        if !toast.title.isEmpty { prefix += " \u{00B7} " + shortened(oneLine(toast.title)) }
        return prefix + ": "
    }

    /// Characters of an application or a title a prefix shows; a longer one ends in "…", so
    /// the lines' labels stay in view.
    public static let maxPrefixPartCharacters = 48

    private static func shortened(_ text: String) -> String {
        text.count <= maxPrefixPartCharacters ? text : String(text.prefix(maxPrefixPartCharacters - 1)) + "\u{2026}"
    }

    /// `id` as a menu shows it: ASCII letters, digits, `-`, `_` and `.` as they are, every
    /// other byte of its UTF-8 as `%XX` (`%` too), so that no space, look-alike letter or
    /// invisible character lets one id read as another (a socket client picks its own).
    static func shownID(_ id: String) -> String {
        var out = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// `text` on one line: control characters (newlines too) and bidi formatting characters
    /// become spaces.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(UnicodeControls.isControl(scalar) || UnicodeControls.isBidiControl(scalar) ? " " : scalar)
        }
        return out
    }
}
