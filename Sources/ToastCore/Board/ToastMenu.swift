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
    /// visible toast, newest first, with `all` (each line then starts with the toast's title,
    /// or its application, or its id). Lines that would repeat get ` (ID)` after them. At
    /// most `MenuItem.maxCount`, newest toasts first.
    public func menuItems(all: Bool) -> [MenuItem] {
        func offers(_ t: Toast) -> Bool { !t.actions.isEmpty || t.defaultAction != nil || Links.targets(of: t).contains(where: Links.isOpenable) }
        var toasts: [Toast] = []
        if all {
            var remaining = { (t: Toast) in offers(t) }
            while let t = newestVisible(where: remaining) {
                toasts.append(t)
                let seen = Set(toasts.map(\.id))
                remaining = { offers($0) && !seen.contains($0.id) }
            }
        } else if let t = newestVisible(where: offers) {
            toasts = [t]
        }
        var items: [MenuItem] = []
        for t in toasts {
            let name = oneLine(!t.title.isEmpty ? t.title : (t.app?.isEmpty == false ? t.app! : t.id))
            func line(_ text: String) -> String { all ? "\(name): \(oneLine(text))" : oneLine(text) }
            var choices = t.actions.map { (line($0.label), MenuItem.Choice.action($0.id)) }
            if let d = t.defaultAction, !t.actions.contains(where: { $0.id == d }) { choices.append((line(d), .action(d))) }
            choices += Links.targets(of: t).filter(Links.isOpenable).map { (line($0), .link($0)) }
            for (text, choice) in choices where items.count < MenuItem.maxCount {
                let unique = items.contains { $0.line == text } ? "\(text) (\(oneLine(t.id)))" : text
                items.append(MenuItem(line: unique, id: t.id, choice: choice))
            }
        }
        return items
    }

    /// `text` on one line: control characters (newlines too) become spaces.
    private func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(UnicodeControls.isControl(scalar) || UnicodeControls.isBidiControl(scalar) ? " " : scalar)
        }
        return out
    }
}
