/// One `AddNotification(app_id, id, a{sv})` of the portal's backend interface
/// (`org.freedesktop.impl.portal.Notification`, version 2), decoded from bus-free values
/// (`PortalValue`) into the freedesktop call the rest of the server already judges
/// (`NotifyCall`, then `NotificationMapping.decide`), plus what only the portal has: the
/// actions' names and targets, which go back in `ActionInvoked(app_id, id, action, [target])`.
///
///     let added = PortalNotification.decode(appID: "org.gnome.Calendar", id: "r1",
///                                           ["title": .string("Lunch"), "priority": .string("high")])
///     NotificationMapping.decide(added.call)    // the toast, as for a Notify
///
/// Pure and total: every key and value is hostile, a wrong type is ignored with a note, and
/// every string is bounded by the mapping's own limits.
public struct PortalNotification: Equatable, Sendable {
    /// The application id the portal vouches for (from the sandbox), the toast's desktop entry.
    public var appID: String
    /// The application's own id for this notification: the same id replaces in place.
    public var id: String
    /// The notification as a freedesktop call: title, body (escaped, or `markup-body` as
    /// markup), icon name, urgency, category, buttons and hints.
    public var call: NotifyCall
    /// Each button's and the default action's action name and target, by the toast's action key.
    public var actions: [String: PortalAction] = [:]
    /// `display-hint` values this backend does not act on yet, for the log.
    public var notes: [String] = []

    /// The options `SupportedOptions` announces: the categories and purposes acted on.
    public static let supportedCategories = ["im.message", "im.received", "call.incoming", "call.ongoing", "call.unanswered",
                                             "alarm.ringing", "weather.warning.extreme", "cellbroadcast.danger.extreme",
                                             "cellbroadcast.danger.severe", "cellbroadcast.amber-alert", "cellbroadcast.test",
                                             "os.battery.low", "browser.web-notification"]
    public static let supportedPurposes = ["im.reply-with-text", "call.accept", "call.decline", "call.hang-up",
                                           "call.enable-speakerphone", "call.disable-speakerphone", "system.custom-alert"]

    /// Buttons read at most: more than a card shows are dropped by the mapping anyway.
    public static let maxButtons = 8

    /// Decodes `options`; never fails (what is malformed is left out, with a note).
    public static func decode(appID: String, id: String, _ options: [String: PortalValue]) -> PortalNotification {
        var notes: [String] = []
        var call = NotifyCall(appName: "", summary: options["title"]?.string ?? "")
        var hints: [String: HintValue] = [:]
        if DesktopAppID.isValid(appID) { hints["desktop-entry"] = .string(appID) }
        if let markup = options["markup-body"]?.string {
            call.body = markup
        } else {
            call.body = MarkupSanitizer.escaped(options["body"]?.string ?? "")
        }
        if case let .tuple(parts)? = options["icon"], parts.count == 2, parts[0].string == "themed",
           case let .strings(names) = parts[1], let name = names.first(where: IconLookup.isThemeName) {
            call.appIcon = name
        } else if options["icon"] != nil {
            notes.append("only themed icons are shown from the portal")
        }
        switch options["priority"]?.string {
        case "low": hints["urgency"] = .byte(0)
        case "urgent": hints["urgency"] = .byte(2)
        default: hints["urgency"] = .byte(1)
        }
        if let category = options["category"]?.string { hints["category"] = .string(category) }
        if options["sound"]?.string == "silent" { hints["suppress-sound"] = .bool(true) }
        var displayHints = Set<String>()
        if case let .strings(names)? = options["display-hint"] { displayHints = Set(names) }
        if displayHints.contains("transient") { hints["transient"] = .bool(true) }
        let unsupported = displayHints.subtracting(["transient"]).sorted()
        if !unsupported.isEmpty { notes.append("display hints not acted on: \(unsupported.joined(separator: ", "))") }

        var flat: [String] = []
        var actions: [String: PortalAction] = [:]
        if let name = options["default-action"]?.string, !name.isEmpty {
            flat += ["default", ""]
            actions["default"] = PortalAction(name: name, target: options["default-action-target"].flatMap(\.target))
        }
        if case let .dicts(buttons)? = options["buttons"] {
            for button in buttons.prefix(maxButtons) {
                guard let name = button["action"]?.string, !name.isEmpty else { continue }
                let purpose = button["purpose"]?.string
                if purpose == "system.custom-alert" { continue }
                let key = purpose == "im.reply-with-text" ? ReplyOptions.actionKey : name
                guard actions[key] == nil else { continue }
                flat += [key, button["label"]?.string ?? ""]
                if let purpose = purpose.flatMap(ButtonPurpose.init(rawValue:)) { call.purposes[key] = purpose }
                actions[key] = PortalAction(name: name, target: button["target"].flatMap(\.target))
            }
        }
        call.actions = flat
        call.hints = hints
        return PortalNotification(appID: appID, id: id, call: call, actions: actions, notes: notes)
    }
}

/// What a portal notification's button (or default click) activates: the action's name and
/// its target, both as the application gave them.
public struct PortalAction: Equatable, Sendable {
    public var name: String
    /// The target, when it is one of the values carried back (`PortalValue.target`).
    public var target: PortalValue?

    public init(name: String, target: PortalValue?) {
        self.name = name
        self.target = target
    }
}

/// A value of the portal's `a{sv}`, read off the bus into plain Swift by the bus adapter
/// (bounded there), so decoding is tested and fuzzed without a bus.
public indirect enum PortalValue: Equatable, Sendable {
    case string(String)
    case strings([String])
    case bool(Bool)
    case int(Int64)
    case bytes([UInt8])
    /// A `(sv)`-style pair or any struct: its members.
    case tuple([PortalValue])
    /// An array of dictionaries (`buttons`: `aa{sv}`).
    case dicts([[String: PortalValue]])
    /// A type this backend does not read (its signature).
    case unusable(String)

    public var string: String? { if case let .string(s) = self { s } else { nil } }

    /// Itself when it can go back to the application as an action's target (a string, a
    /// boolean, an integer or a list of strings); nil otherwise.
    public var target: PortalValue? {
        switch self {
        case .string, .bool, .int, .strings: self
        default: nil
        }
    }
}
