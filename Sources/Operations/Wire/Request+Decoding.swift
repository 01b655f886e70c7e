import JSONCodec
import ToastCore

extension Request {
    /// Decodes one line (without its newline). Every failure names the problem.
    public static func decode<Bytes: Collection>(line: Bytes) -> Result<Request, RequestError> where Bytes.Element == UInt8 {
        if line.count > ProtocolLimits.maxLineBytes {
            return .failure(RequestError("request line is longer than \(ProtocolLimits.maxLineBytes) bytes"))
        }
        let json: JSON
        do {
            json = try JSON.parse(line)
        } catch {
            if error.message == "invalid UTF-8" { return .failure(RequestError("request is not valid UTF-8 (\(error))")) }
            return .failure(RequestError("request is not JSON: \(error)"))
        }
        do {
            return .success(try decode(json))
        } catch {
            return .failure(error)
        }
    }

    /// The op named in `"op"` (`Operation.table`) checks its fields and reads them.
    static func decode(_ json: JSON) throws(RequestError) -> Request {
        guard case let .object(members) = json else {
            throw RequestError("request must be a JSON object, got \(json.typeName)")
        }
        let fields = Fields(members: members)
        let op = try fields.requiredString("op")
        guard let wire = Operation.named(op)?.wire else {
            throw RequestError("unknown op \"\(op)\" (expected one of: \(operations.joined(separator: ", ")))")
        }
        try fields.allowOnly(["op"] + wire.fields)
        return try wire.decode(fields)
    }

    // MARK: The operations' decoders (`Operation.table` names them)

    static func decodeRule(_ fields: Fields) throws(RequestError) -> Request {
        let name = try fields.requiredString("name")
        guard !name.isEmpty, name.utf8.count <= RuleLimits.maxNameBytes else {
            throw RequestError("\"name\" must be a rule's name of 1 to \(RuleLimits.maxNameBytes) bytes")
        }
        guard let change = try fields.enumeration("change", RuleSwitch.self) else { throw RequestError("missing field \"change\"") }
        return .rule(name: name, change: change)
    }

    static func decodeCenter(_ fields: Fields) throws(RequestError) -> Request {
        .center(try fields.enumeration("action", CenterSwitch.self) ?? .toggle, monitor: try Self.monitor(fields))
    }

    static func decodeHistory(_ fields: Fields) throws(RequestError) -> Request {
        if try fields.bool("clear") == true {
            guard fields.value("limit") == nil else { throw RequestError("history takes either \"limit\" or \"clear\":true, not both") }
            return .clearHistory
        }
        return .history(limit: try fields.limit(upTo: HistoryLimits.maxKeep))
    }

    static func decodeSnooze(_ fields: Fields) throws(RequestError) -> Request {
        let given = fields.members.map(\.0).filter { $0 != "op" }
        // Every field read first, so one of a wrong type is named whatever else came.
        let list = try fields.bool("list") == true, clear = try fields.string("clear"), named = try fields.string("app")
        let duration = try fields.string("for"), time = try fields.string("until"), always = try fields.bool("always") == true
        if list {
            guard given == ["list"] else { throw RequestError("snooze takes \"list\":true alone") }
            return .snooze(.list)
        }
        if let app = clear {
            guard given == ["clear"] else { throw RequestError("snooze takes \"clear\" alone") }
            if let problem = Snoozes.problem(app) { throw RequestError(problem.message) }
            return .snooze(.clear(app: app))
        }
        guard let app = named else { throw RequestError("snooze needs \"app\", \"list\" or \"clear\"") }
        if let problem = Snoozes.problem(app) { throw RequestError(problem.message) }
        do throws(QuietProblem) {
            switch (duration, time, always) {
            case let (d?, nil, false): return .snooze(.mute(app: app, end: try QuietEnd.duration(d)))
            case let (nil, t?, false): return .snooze(.mute(app: app, end: try QuietEnd.time(t)))
            case (nil, nil, true): return .snooze(.mute(app: app, end: nil))
            default: throw QuietProblem("snooze takes one of \"for\", \"until\" and \"always\"")
            }
        } catch {
            throw RequestError(error.message)
        }
    }

    static func decodePause(_ fields: Fields) throws(RequestError) -> Request {
        if try fields.bool("status") == true {
            guard fields.members.allSatisfy({ $0.0 == "op" || $0.0 == "status" }) else { throw RequestError("pause takes \"status\":true alone") }
            return .pauseStatus
        }
        var pause = PauseRequest()
        if let level = try fields.number("level") {
            guard level == level.rounded(), level >= 1, level <= Double(QuietState.fullLevel) else {
                throw RequestError("\"level\" must be a whole number from 1 to 100")
            }
            pause.level = Int(level)
        }
        let duration = try fields.string("for"), time = try fields.string("until")
        do throws(QuietProblem) {
            switch (duration, time) {
            case (nil, nil): break
            case let (d?, nil): pause.end = try QuietEnd.duration(d)
            case let (nil, t?): pause.end = try QuietEnd.time(t)
            case (_?, _?): throw QuietProblem("pause takes either \"for\" or \"until\", not both")
            }
        } catch {
            throw RequestError(error.message)
        }
        return .pause(pause)
    }

    static func decodeDismiss(_ fields: Fields) throws(RequestError) -> Request {
        let all = try fields.bool("all") ?? false
        let id = try fields.string("id")
        switch (id, all) {
        case (nil, true): return .dismissAll
        case let (id?, false): return .dismiss(id: try validID(id))
        case (_?, true): throw RequestError("dismiss takes either \"id\" or \"all\":true, not both")
        case (nil, false): return .dismissNewest
        }
    }

    static func decodeInvoke(_ fields: Fields) throws(RequestError) -> Request {
        var invoke = InvokeRequest()
        invoke.id = try fields.id("id")
        invoke.action = try fields.id("action")
        if let link = try fields.string("link") {
            guard invoke.action == nil else { throw RequestError("invoke takes either \"action\" or \"link\", not both") }
            guard !link.isEmpty, link.utf8.count <= Links.maxBytes else {
                throw RequestError("\"link\" must be 1 to \(Links.maxBytes) bytes")
            }
            invoke.link = link
        }
        return .invoke(invoke)
    }

    /// The fields of `update`.
    static let updateFields = ["id", "message", "title", "kind", "timeout", "progress", "icon"]

    static func decodeUpdate(_ fields: Fields) throws(RequestError) -> Request {
        var update = UpdateRequest(id: try validID(try fields.requiredString("id")))
        update.message = try fields.string("message")
        update.title = try fields.string("title")
        update.kind = try fields.enumeration("kind", Kind.self)
        update.timeout = try timeout(fields)
        update.progress = try progress(fields)
        update.icon = try icon(fields)
        if update.isEmpty { throw RequestError("update needs at least one of: message, title, kind, timeout, progress, icon") }
        return .update(update)
    }

    /// `"monitor"`: a name, `"primary"`, or a whole number from 0 (as a string or a number).
    static func monitor(_ fields: Fields) throws(RequestError) -> MonitorChoice? {
        switch fields.value("monitor") {
        case nil: return nil
        case let .number(n)?:
            guard n >= 0, n < 1000, n == n.rounded() else { throw RequestError("\"monitor\" must be a name, \"primary\" or a whole number from 0 to 999") }
            return .index(Int(n))
        case let .string(text)?:
            guard let choice = MonitorChoice(parsing: text) else {
                throw RequestError("\"monitor\" must be a name of 1 to 64 bytes, \"primary\" or a whole number")
            }
            return choice
        case let other?: throw RequestError("\"monitor\" must be a string or a number, got \(other.typeName)")
        }
    }

    /// What is wrong with a reply's placeholder (`"reply"`, `--reply`): at most
    /// `ReplyOptions.maxHintBytes` bytes, one line; nil when it is fine.
    public static func replyProblem(_ placeholder: String) -> String? {
        if placeholder.utf8.count > ReplyOptions.maxHintBytes { return "placeholder is over \(ReplyOptions.maxHintBytes) bytes" }
        if placeholder.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "placeholder has a control character" }
        return nil
    }

    /// The fields of `show`, which `test` takes too.
    static let showFields = ["message", "title", "kind", "timeout", "id", "position", "monitor", "style", "markup",
                             "icon", "actions", "default_action", "progress", "urgency", "app", "reply", "category"]

    static func decodeShow(_ fields: Fields, forTest: Bool = false) throws(RequestError) -> ShowRequest {
        var show = ShowRequest(message: try fields.string("message") ?? "")
        show.title = try fields.string("title")
        if !forTest, fields.value("message") == nil && show.title == nil { throw RequestError("missing field \"message\"") }
        show.app = try app(fields)
        show.kind = try fields.enumeration("kind", Kind.self)
        show.position = try fields.enumeration("position", Position.self)
        show.monitor = try monitor(fields)
        show.style = try fields.enumeration("style", CardStyle.self)
        show.urgency = try fields.enumeration("urgency", Urgency.self)
        show.markup = try fields.bool("markup") ?? false
        if let id = try fields.string("id") { show.id = try validID(id) }
        show.timeout = try timeout(fields)
        show.progress = try progress(fields)
        show.icon = try icon(fields)
        show.actions = try actions(fields)
        show.category = try name(fields, "category")
        if let placeholder = try fields.string("reply") {
            if let problem = replyProblem(placeholder) { throw RequestError("\"reply\" \(problem)") }
            show.reply = ReplyOptions(placeholder: placeholder)
        }
        if let d = try fields.string("default_action") {
            guard show.actions.contains(where: { $0.id == d }) else {
                throw RequestError("\"default_action\" \"\(d)\" is not one of the toast's actions")
            }
            show.defaultAction = d
        }
        if !forTest, show.message.isEmpty && (show.title ?? "").isEmpty {
            throw RequestError("\"message\" is empty and there is no \"title\": nothing to show")
        }
        return show
    }

    /// `test`: a `show`'s fields (none required), and what a D-Bus notification carries
    /// besides: `source`, `category`, `desktop_entry`.
    /// The fields of `test`.
    static let testFields = showFields + ["source", "desktop_entry"]

    static func decodeTest(_ fields: Fields) throws(RequestError) -> Submission {
        var show = try decodeShow(fields, forTest: true)
        // A test's category is the notification's hint, as `rules --test --category` gives it.
        let category = show.category
        show.category = nil
        var submission = Submission(show, source: try fields.enumeration("source", ToastSource.self) ?? .socket)
        submission.category = category ?? ""
        submission.desktopEntry = try name(fields, "desktop_entry") ?? ""
        return submission
    }

    /// `"app"`: the application's name, 1 to `NotificationLimits.maxAppNameCharacters`
    /// characters, no control or bidi formatting characters (it is shown on history lines
    /// and given to scripts).
    static func app(_ fields: Fields) throws(RequestError) -> String? {
        guard let app = try fields.string("app") else { return nil }
        if let problem = FieldRules.appProblem(app) { throw RequestError("\"app\" \(problem)") }
        return app
    }

    /// A hint-like name (`category`, `desktop_entry`): at most `NotificationLimits.maxNameBytes` bytes.
    static func name(_ fields: Fields, _ key: String) throws(RequestError) -> String? {
        guard let value = try fields.string(key) else { return nil }
        guard value.utf8.count <= NotificationLimits.maxNameBytes, !value.contains("\0") else {
            throw RequestError("\"\(key)\" must be at most \(NotificationLimits.maxNameBytes) bytes")
        }
        return value
    }

    static func timeout(_ fields: Fields) throws(RequestError) -> Double? {
        guard let timeout = try fields.number("timeout") else { return nil }
        if let problem = FieldRules.timeoutProblem(timeout) { throw RequestError("\"timeout\" \(problem)") }
        return FieldRules.timeout(timeout)
    }

    static func progress(_ fields: Fields) throws(RequestError) -> Double? {
        guard let p = try fields.number("progress") else { return nil }
        guard FieldRules.progress.contains(p) else { throw RequestError("\"progress\" must be from 0 to 100, got \(JSON.number(p).text)") }
        return p
    }

    static func icon(_ fields: Fields) throws(RequestError) -> String? {
        guard let icon = try fields.string("icon") else { return nil }
        if let problem = FieldRules.iconProblem(icon) { throw RequestError("\"icon\" \(problem)") }
        return icon
    }

    /// `"actions": [{"id":"yes","label":"Yes"}, …]`, at most three, ids unique; each may name
    /// its `"purpose"` (`ButtonPurpose`, `"call.accept"`), whose default label stands for a missing one.
    static func actions(_ fields: Fields) throws(RequestError) -> [Action] {
        guard let value = fields.value("actions"), value != .null else { return [] }
        guard case let .array(items) = value else { throw RequestError("\"actions\" must be an array, got \(value.typeName)") }
        guard items.count <= Action.maxCount else { throw RequestError("at most \(Action.maxCount) actions fit on a card, got \(items.count)") }
        var actions: [Action] = []
        for item in items {
            guard case let .object(members) = item else {
                throw RequestError("each action must be an object like {\"id\":\"yes\",\"label\":\"Yes\"}")
            }
            let f = Fields(members: members)
            try f.allowOnly(["id", "label", "purpose"])
            let id = try validID(try f.requiredString("id"))
            let purpose = try f.enumeration("purpose", ButtonPurpose.self)
            let label = try f.string("label") ?? purpose?.defaultLabel ?? id
            guard !label.isEmpty, label.count <= ProtocolLimits.maxActionLabel else {
                throw RequestError("action label must be 1 to \(ProtocolLimits.maxActionLabel) characters")
            }
            guard !actions.contains(where: { $0.id == id }) else { throw RequestError("action id \"\(id)\" is used twice") }
            actions.append(Action(id: id, label: label, purpose: purpose))
        }
        return actions
    }

    /// A bus hand-over's nonce as the holder makes it (`HandOverNonce`): 32 lowercase hex digits.
    static func validNonce(_ nonce: String) throws(RequestError) -> String {
        guard HandOverNonce.isWellFormed(nonce) else {
            throw RequestError("nonce must be \(HandOverNonce.length) lowercase hex digits")
        }
        return nonce
    }

    static func validID(_ id: String) throws(RequestError) -> String {
        if let problem = FieldRules.idProblem(id) { throw RequestError("\"id\" \(problem)") }
        return id
    }
}

/// Typed access to a request object's members, with errors that name the field.
struct Fields {
    let members: [(String, JSON)]

    func value(_ key: String) -> JSON? { members.last(where: { $0.0 == key })?.1 }

    func allowOnly(_ known: [String]) throws(RequestError) {
        if let unknown = members.first(where: { !known.contains($0.0) }) {
            throw RequestError("unknown field \"\(unknown.0)\" (this op takes: \(known.joined(separator: ", ")))")
        }
    }

    func string(_ key: String) throws(RequestError) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case let .string(s)?: return s
        case let other?: throw RequestError("\"\(key)\" must be a string, got \(other.typeName)")
        }
    }

    func requiredString(_ key: String) throws(RequestError) -> String {
        guard let s = try string(key) else { throw RequestError("missing field \"\(key)\"") }
        return s
    }

    func number(_ key: String) throws(RequestError) -> Double? {
        switch value(key) {
        case nil, .null?: return nil
        case let .number(n)?: return n
        case let other?: throw RequestError("\"\(key)\" must be a number, got \(other.typeName)")
        }
    }

    /// `limit`: a whole number from 1 to `maximum` (`FieldRules.limit`), or nil when absent.
    func limit(upTo maximum: Int) throws(RequestError) -> Int? {
        guard let n = try number("limit") else { return nil }
        guard let limit = FieldRules.limit(n, upTo: maximum) else {
            throw RequestError("\"limit\" must be a whole number from 1 to \(maximum)")
        }
        return limit
    }

    /// An optional id (`FieldRules.idProblem`).
    func id(_ key: String) throws(RequestError) -> String? {
        try string(key).map { (id) throws(RequestError) in try Request.validID(id) }
    }

    func bool(_ key: String) throws(RequestError) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case let .bool(b)?: return b
        case let other?: throw RequestError("\"\(key)\" must be a boolean, got \(other.typeName)")
        }
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws(RequestError) -> E? where E.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = E(rawValue: raw) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw RequestError("unknown \(key) \"\(raw)\" (expected one of: \(names))")
        }
        return value
    }
}
