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
    /// Each button's `purpose` this backend knows, by the toast's action key (`Action.purpose`).
    public var purposes: [String: ButtonPurpose] = [:]
    /// The `display-hint` values this backend acts on.
    public var displayHints: Set<DisplayHint> = []
    /// An icon's encoded image (`("file-descriptor", <h>)` read from its sealed memfd, or the
    /// older `("bytes", <ay>)`), at most `maxFileBytes`: the daemon decodes it as an image file.
    public var iconBytes: [UInt8]?
    /// A sound's file (`("file-descriptor", <h>)`), at most `maxFileBytes`: played as `sound-file`.
    public var soundBytes: [UInt8]?
    /// What was left out (an icon kind, display hints not acted on), for the log.
    public var notes: [String] = []

    /// The `display-hint` values acted on (`transient` is the call's hint).
    public enum DisplayHint: String, CaseIterable, Sendable {
        /// Never into history.
        case transient
        /// Dropped when it arrives while the screen is locked; kept in history.
        case hideOnLockScreen = "hide-on-lock-screen"
        /// A replacement ends the card it replaces and shows as a new one.
        case showAsNew = "show-as-new"
        /// Kept open in the centre when its card times out, until the user (or the app) ends it.
        case persistent
    }

    /// The options `SupportedOptions` announces: the categories and purposes acted on.
    public static let supportedCategories = ["im.message", "im.received", "call.incoming", "call.ongoing", "call.unanswered",
                                             "alarm.ringing", "weather.warning.extreme", "cellbroadcast.danger.extreme",
                                             "cellbroadcast.danger.severe", "cellbroadcast.amber-alert", "cellbroadcast.test",
                                             "os.battery.low", "browser.web-notification"]
    public static let supportedPurposes = ButtonPurpose.allCases.map(\.rawValue)

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
        var iconBytes: [UInt8]?
        switch options["icon"] {
        case let .tuple(parts)? where parts.count == 2:
            switch (parts[0].string, parts[1]) {
            case let ("themed", .strings(names)):
                if let name = names.first(where: IconLookup.isThemeName) { call.appIcon = name }
            case let ("bytes", .bytes(bytes)), let ("file-descriptor", .bytes(bytes)):
                iconBytes = bytes
            case let (kind, .unusable(why)):
                notes.append("icon \(kind ?? "") refused: \(why)")
            default:
                notes.append("an icon of this kind is not shown")
            }
        case let .string(name)?:
            // The older form: one theme icon name as a plain string.
            if IconLookup.isThemeName(name) { call.appIcon = name }
        case nil: break
        default: notes.append("an icon of this kind is not shown")
        }
        switch options["priority"]?.string {
        case "low": hints["urgency"] = .byte(0)
        case "urgent": hints["urgency"] = .byte(2)
        default: hints["urgency"] = .byte(1)
        }
        if let category = options["category"]?.string { hints["category"] = .string(category) }
        var soundBytes: [UInt8]?
        switch options["sound"] {
        case .string("silent")?: hints["suppress-sound"] = .bool(true)
        case let .tuple(parts)? where parts.count == 2 && parts[0].string == "file-descriptor":
            if case let .bytes(bytes) = parts[1] { soundBytes = bytes } else if case let .unusable(why) = parts[1] {
                notes.append("sound refused: \(why)")
            }
        default: break
        }
        var named = Set<String>()
        if case let .strings(names)? = options["display-hint"] { named = Set(names.prefix(maxDisplayHints)) }
        let displayHints = Set(named.compactMap(DisplayHint.init(rawValue:)))
        if displayHints.contains(.transient) { hints["transient"] = .bool(true) }
        // Each name cut before it is worked on: they go into the log (which cuts the line too).
        let unsupported = named.subtracting(DisplayHint.allCases.map(\.rawValue)).map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(40))) }.sorted()
        if !unsupported.isEmpty { notes.append("display hints not acted on: \(unsupported.joined(separator: ", "))") }

        var flat: [String] = []
        var actions: [String: PortalAction] = [:]
        var purposes: [String: ButtonPurpose] = [:]
        if let name = options["default-action"]?.string, !name.isEmpty {
            flat += ["default", ""]
            actions["default"] = PortalAction(name: name, target: options["default-action-target"].flatMap(\.target))
        }
        if case let .dicts(buttons)? = options["buttons"] {
            for button in buttons.prefix(maxButtons) {
                guard let name = button["action"]?.string, !name.isEmpty else { continue }
                let purpose = button["purpose"]?.string.flatMap(ButtonPurpose.init(rawValue:))
                if purpose == .customAlert { continue }
                let key = purpose == .replyWithText ? ReplyOptions.actionKey : name
                guard actions[key] == nil else { continue }
                flat += [key, button["label"]?.string ?? ""]
                if let purpose { call.purposes[key] = purpose }
                actions[key] = PortalAction(name: name, target: button["target"].flatMap(\.target))
                purposes[key] = purpose
            }
        }
        call.actions = flat
        call.hints = hints
        return PortalNotification(appID: appID, id: id, call: call, actions: actions, purposes: purposes,
                                  displayHints: displayHints, iconBytes: iconBytes, soundBytes: soundBytes, notes: notes)
    }

    /// An icon's or a sound's bytes at most, from a memfd or an `ay`: an icon or a chime, not
    /// an album. Larger ones are refused before anything is copied.
    public static let maxFileBytes = 1 << 20

    /// `display-hint` values read at most (the interface defines six).
    public static let maxDisplayHints = 16

    /// The toast, as `NotificationMapping.decide` makes it from `call`, with each button's
    /// purpose on its `Action` (`entry`: the application's `.desktop` file, which names it).
    public func decide(entry: DesktopEntry?) -> NotificationMapping.Decision {
        var decision = NotificationMapping.decide(call, entry: entry, tameChromium: false)
        for i in decision.request.actions.indices {
            decision.request.actions[i].purpose = purposes[decision.request.actions[i].id]
        }
        return decision
    }

    /// What `SupportedOptions` answers (`a{sv}`, each an `as`): the categories and button
    /// purposes this backend acts on.
    public static var supportedOptions: [(key: String, values: [String])] {
        [("category", supportedCategories), ("button-purpose", supportedPurposes)]
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
    /// Any other basic value, of the type it came with (a `u` stays a `u`, so it goes back to
    /// the application as it came).
    case typed(ActionTarget)
    case bytes([UInt8])
    /// A `(sv)`-style pair or any struct: its members.
    case tuple([PortalValue])
    /// An array of dictionaries (`buttons`: `aa{sv}`).
    case dicts([[String: PortalValue]])
    /// A type this backend does not read (its signature).
    case unusable(String)

    public var string: String? { if case let .string(s) = self { s } else { nil } }

    /// The value as a basic action target of its own type (`.int` as an `x`); nil for a list,
    /// bytes, a struct or a type not read.
    public var actionTarget: ActionTarget? {
        switch self {
        case let .string(text): .string(text)
        case let .bool(value): .bool(value)
        case let .int(value): .int64(value)
        case let .typed(target): target
        default: nil
        }
    }

    /// Itself when it can go back to the application as an action's target (a string, a
    /// boolean, an integer or a list of strings); nil otherwise.
    public var target: PortalValue? {
        switch self {
        case .string, .bool, .int, .strings, .typed: self
        default: nil
        }
    }
}
