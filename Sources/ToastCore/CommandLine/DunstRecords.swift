/// dunst's records on `org.dunstproject.cmd0` (`aa{sv}`: `NotificationListHistory`,
/// `RuleList`) made from xtoast's answers, for the bus interface and for `xtoast dunstctl`,
/// which prints them as `busctl --json=pretty` does. One mapping for both, so the bus and the
/// client never disagree about a key or a type letter.
///
///     let records = DunstRecords.history(entries)   // newest first, dunst 1.9's eleven keys
///     DunstRecords.busctlJSON(records)              // what `dunstctl history` prints
public enum DunstRecords {
    /// One `{sv}` entry's value: the D-Bus types dunst's records use.
    public enum Value: Equatable, Sendable {
        case string(String)
        case int32(Int32)
        case int64(Int64)
        case bool(Bool)

        /// The D-Bus type letter, as busctl names it in `"type"`.
        public var letter: String {
            switch self {
            case .string: "s"
            case .int32: "i"
            case .int64: "x"
            case .bool: "b"
            }
        }

        /// busctl's print of the value: integers as integers (a JSON number of 16 digits
        /// must not turn into a float), strings escaped as JSON.
        var busctlText: String {
            switch self {
            case let .string(s): JSON.string(s).text
            case let .int32(n): String(n)
            case let .int64(n): String(n)
            case let .bool(b): b ? "true" : "false"
            }
        }
    }

    public typealias Record = [(key: String, value: Value)]

    /// Latest UNIX time a history entry's `ended` is read as (in seconds): later is taken as
    /// this, so microseconds stay within `Int64`.
    static let latestSeconds = 1e12

    /// dunst 1.9's `NotificationListHistory`, newest first, from xtoast's `history` entries
    /// (oldest first, as it lists them): the keys dunst 1.9 sends, in its order and types.
    /// `timestamp` is when the toast ended, in microseconds of UNIX time (dunst's counts from
    /// boot); `timeout` and `progress` are not kept in xtoast's history: 0 and -1.
    public static func history(_ entries: [JSON]) -> [Record] {
        entries.reversed().map { entry in
            func text(_ key: String) -> String { if case let .string(s)? = entry[key] { s } else { "" } }
            let title = text("title"), body = text("message"), icon = text("icon")
            let ended: Double = if case let .number(n)? = entry["ended"], n.isFinite { min(max(n, 0), latestSeconds) } else { 0 }
            return [
                ("body", .string(body)),
                ("message", .string(title.isEmpty ? body : body.isEmpty ? title : title + "\n" + body)),
                ("summary", .string(title)),
                ("appname", .string(text("app"))),
                ("category", .string(text("category"))),
                ("default_action_name", .string("")),
                ("icon_path", .string(icon.hasPrefix("/") ? icon : "")),
                ("id", .int32(Int32(text("id")) ?? 0)),
                ("timestamp", .int64(Int64((ended * 1_000_000).rounded(.down)))),
                ("timeout", .int64(0)),
                ("progress", .int32(-1)),
            ]
        }
    }

    /// dunst's `RuleList`, in the config's order, from `xtoast rules`' entries: each rule's
    /// `name` and whether it is `enabled` now (xtoast's reply names no filter or setting, so
    /// neither does this).
    public static func rules(_ rules: [JSON]) -> [Record] {
        rules.map { rule in
            let name: String = if case let .string(s)? = rule["name"] { s } else { "" }
            return [("name", .string(name)), ("enabled", .bool(rule["enabled"] != .bool(false)))]
        }
    }

    /// `busctl --json=pretty call … ` of a method answering `aa{sv}`: systemd's pretty printer
    /// (tabs, `"key" : value`), each value as `{"type": letter, "data": value}`.
    public static func busctlJSON(_ records: [Record]) -> String {
        func indent(_ depth: Int) -> String { String(repeating: "\t", count: depth) }
        func object(_ members: [(String, String)], depth: Int) -> String {
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { indent(depth + 1) + JSON.string($0.0).text + " : " + $0.1 }.joined(separator: ",\n")
                + "\n" + indent(depth) + "}"
        }
        func array(_ items: [String], depth: Int) -> String {
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { indent(depth + 1) + $0 }.joined(separator: ",\n") + "\n" + indent(depth) + "]"
        }
        let items = records.map { record in
            object(record.map { field in
                (field.key, object([("type", JSON.string(field.value.letter).text), ("data", field.value.busctlText)], depth: 4))
            }, depth: 3)
        }
        return object([("type", JSON.string("aa{sv}").text), ("data", array([array(items, depth: 2)], depth: 1))], depth: 0)
    }
}
