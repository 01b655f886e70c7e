import JSONCodec

/// One ended toast as the history file keeps it: one JSON object on one line, with the wall
/// time it ended (the monotonic clock of one boot means nothing to the next).
///
///     {"v":1,"ended":1764590000.25,"id":"7","title":"Build","message":"done","kind":"success",
///      "reason":"timeout","urgency":"normal","source":"socket","app":"make","rules":["ci"]}
///
/// What a line names is what `history` and the centre show of an entry: text, kind, how it
/// ended, where it came from, its icon by name or path, its buttons. Not kept: a D-Bus
/// `image-data`'s pixels (an entry that had only those shows its kind's icon after a restart),
/// its timeout, progress, style and stack tag. Keys a reader does not know are ignored, so a
/// later version can add some and this one still reads the line.
///
/// `"unread":true` is written only for an entry the user has not dealt with
/// (`HistoryEntry.unread`); a line without it is read: so lines written before the key existed
/// read as seen, and a bar's count does not jump at the first start of a version that reads it.
public struct HistoryRecord: Equatable, Sendable {
    public var toast: Toast
    public var reason: DismissReason
    /// UNIX seconds.
    public var wallEnded: Double
    /// The user has not dealt with it (`HistoryEntry.unread`).
    public var unread: Bool

    /// The format's version, the `v` of every line: a line of another version is damaged.
    public static let version = 1

    public init(toast: Toast, reason: DismissReason, wallEnded: Double, unread: Bool = false) {
        self.toast = toast
        self.reason = reason
        self.wallEnded = wallEnded
        self.unread = unread
    }

    /// The record of an entry that ended at `wallEnded`.
    public init(_ entry: HistoryEntry, wallEnded: Double) {
        self.init(toast: entry.toast, reason: entry.reason, wallEnded: wallEnded, unread: entry.unread)
    }

    /// The entry, its end placed on the monotonic clock (`now`) from the wall clock read at the
    /// same moment (`wallNow`). One that ended "in the future" (the wall clock was set back
    /// since) ended now.
    public func entry(now: Double, wallNow: Double) -> HistoryEntry {
        HistoryEntry(toast: toast, reason: reason, ended: now - max(0, wallNow - wallEnded), unread: unread)
    }

    // MARK: Encoding

    /// The line, without its newline (`JSONWriter` escapes every newline inside a string).
    public var line: [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.member("v", Double(Self.version))
        // Milliseconds are plenty, and keep the line short.
        w.member("ended", (wallEnded * 1000).rounded() / 1000)
        w.member("id", toast.id)
        if !toast.title.isEmpty { w.member("title", toast.title) }
        w.member("message", toast.message)
        w.member("kind", toast.kind.rawValue)
        w.member("reason", reason.rawValue)
        w.member("urgency", toast.urgency.rawValue)
        w.member("source", toast.source.rawValue)
        w.member("interface", toast.interface?.rawValue)
        if !toast.desktopEntry.isEmpty { w.member("desktop_entry", toast.desktopEntry) }
        w.member("app", toast.app)
        w.member("origin", toast.origin)
        if !toast.rules.isEmpty {
            w.key("rules")
            w.beginArray()
            for rule in toast.rules {
                w.element()
                w.string(rule)
            }
            w.endArray()
        }
        w.member("icon", toast.icon)
        if toast.markup { w.member("markup", true) }
        if toast.resident { w.member("resident", true) }
        if let color = toast.color { w.member("color", Double(color)) }
        w.member("actions", toast.actions)
        w.member("default_action", toast.defaultAction)
        if unread { w.member("unread", true) }
        if toast.updates > 0 { w.member("updates", Double(toast.updates)) }
        w.endObject()
        return w.bytes
    }

    // MARK: Decoding

    /// Why a line is not a record: said after the file and line in the daemon's log.
    public struct Damage: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// The record a line holds. Every field is checked as strictly as a request's (a record
    /// is the daemon's own writing; anything else in the file is damage, never half-trusted):
    /// an id as a request's, and every text within `HistoryLimits` (what the daemon writes).
    public static func decode<Bytes: Collection>(_ line: Bytes) throws(Damage) -> HistoryRecord where Bytes.Element == UInt8 {
        guard line.count <= HistoryLimits.maxLineBytes else { throw Damage("longer than \(HistoryLimits.maxLineBytes) bytes") }
        let json: JSON
        do { json = try JSON.parse(line) } catch { throw Damage("not JSON: \(error)") }
        guard case .object = json else { throw Damage("not a JSON object") }
        let r = Reader(json: json)
        guard try r.number("v") == Double(version) else { throw Damage("not a version \(version) entry") }
        guard let ended = try r.number("ended") else { throw Damage("no \"ended\"") }
        let id = try r.required("id")
        guard !id.isEmpty, id.count <= ProtocolLimits.maxIDLength else { throw Damage("\"id\" is empty or too long") }
        var toast = Toast(id: id, message: try r.required("message"))
        toast.title = try r.string("title") ?? ""
        guard let kind = Kind(rawValue: try r.required("kind")) else { throw Damage("unknown \"kind\"") }
        toast.kind = kind
        guard let reason = DismissReason(rawValue: try r.required("reason")) else { throw Damage("unknown \"reason\"") }
        guard let urgency = Urgency(rawValue: try r.string("urgency") ?? "normal") else { throw Damage("unknown \"urgency\"") }
        toast.urgency = urgency
        guard let source = ToastSource(rawValue: try r.string("source") ?? "socket") else { throw Damage("unknown \"source\"") }
        toast.source = source
        if let interface = try r.string("interface") {
            guard let known = ToastInterface(rawValue: interface) else { throw Damage("unknown \"interface\"") }
            toast.interface = known
        }
        if let entry = try r.string("desktop_entry") {
            guard entry.utf8.count <= NotificationLimits.maxNameBytes else { throw Damage("\"desktop_entry\" is too long") }
            toast.desktopEntry = entry
        }
        toast.app = try r.string("app")
        toast.origin = try r.string("origin")
        toast.rules = try r.strings("rules")
        toast.icon = try r.string("icon")
        toast.markup = try r.bool("markup") ?? false
        toast.resident = try r.bool("resident") ?? false
        if let color = try r.number("color") {
            guard color >= 0, color <= 0xFFFFFF, color == color.rounded() else { throw Damage("\"color\" is not 0xRRGGBB") }
            toast.color = UInt32(color)
        }
        toast.actions = try r.actions()
        toast.defaultAction = try r.string("default_action")
        if let updates = try r.number("updates") {
            guard updates >= 0, updates <= Double(HistoryLimits.maxUpdates), updates == updates.rounded() else {
                throw Damage("\"updates\" is not a count")
            }
            toast.updates = Int(updates)
        }
        guard HistoryLimits.isWithin(toast) else { throw Damage("a field is longer than history keeps") }
        guard ended.isFinite, ended >= 0 else { throw Damage("\"ended\" is not a time") }
        return HistoryRecord(toast: toast, reason: reason, wallEnded: ended, unread: try r.bool("unread") ?? false)
    }

    /// Typed fields of one line's object.
    private struct Reader {
        let json: JSON

        func string(_ key: String) throws(Damage) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case let .string(s)?: return s
            case _?: throw Damage("\"\(key)\" is not a string")
            }
        }

        func required(_ key: String) throws(Damage) -> String {
            guard let s = try string(key) else { throw Damage("no \"\(key)\"") }
            return s
        }

        func number(_ key: String) throws(Damage) -> Double? {
            switch json[key] {
            case nil, .null?: return nil
            case let .number(n)?: return n
            case _?: throw Damage("\"\(key)\" is not a number")
            }
        }

        func bool(_ key: String) throws(Damage) -> Bool? {
            switch json[key] {
            case nil, .null?: return nil
            case let .bool(b)?: return b
            case _?: throw Damage("\"\(key)\" is not a boolean")
            }
        }

        func strings(_ key: String) throws(Damage) -> [String] {
            guard case let .array(items)? = json[key] else {
                if json[key] == nil { return [] }
                throw Damage("\"\(key)\" is not an array")
            }
            var result: [String] = []
            for item in items {
                guard case let .string(s) = item else { throw Damage("\"\(key)\" holds a non-string") }
                result.append(s)
            }
            return result
        }

        func actions() throws(Damage) -> [Action] {
            guard case let .array(items)? = json["actions"] else {
                if json["actions"] == nil { return [] }
                throw Damage("\"actions\" is not an array")
            }
            guard items.count <= Action.maxCount else { throw Damage("more than \(Action.maxCount) actions") }
            var result: [Action] = []
            for item in items {
                guard case let .string(id)? = item["id"], case let .string(label)? = item["label"], !id.isEmpty else {
                    throw Damage("an action without an \"id\" and a \"label\"")
                }
                result.append(Action(id: id, label: label))
            }
            return result
        }
    }
}
