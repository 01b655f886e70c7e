/// One `org.gtk.Notifications.AddNotification` (GLib's `GNotification`), decoded from its
/// `a{sv}` into plain values: what the bus reader hands over (`GtkVariant`) becomes this,
/// and this becomes a `NotifyCall` for the same mapping and admission as a freedesktop
/// `Notify`. Pure, so the decoding is unit-tested and fuzzed (`fuzz-gtk`) without a bus.
///
///     let (notification, notes) = GtkNotification.decode(fields)
///     let call = notification.notifyCall(appID: "org.gnome.Calendar", entry: entry)
///     notification.activation(forKey: "default")      // .action(name: "open", target: .string("42"))
public struct GtkNotification: Equatable, Sendable {
    public var title = ""
    /// Plain text (GLib's `body`).
    public var body = ""
    /// `markup-body` (GLib 2.86): the same subset of Pango markup as a freedesktop body.
    public var markupBody: String?
    public var icon: Icon?
    public var priority: Priority = .normal
    public var category: String?
    /// `default-action` and its target; nil: a click activates the application (`Activate`).
    public var defaultAction: GtkAction?
    public var buttons: [Button] = []

    public init() {}

    /// A serialized `GIcon` (`g_icon_serialize`).
    public enum Icon: Equatable, Sendable {
        /// Theme icon names, the first found wins.
        case themed([String])
        /// A local file (from a `file://` URI or a path).
        case file(String)
        /// Encoded image bytes (PNG, SVG…), at most `GtkNotificationLimits.maxIconBytes`.
        case bytes([UInt8])
    }

    /// GLib's `GNotificationPriority`, by its wire names.
    public enum Priority: String, Sendable {
        case low, normal, high, urgent

        /// The freedesktop urgency: `high` is a normal notification that GNOME Shell shows
        /// even over a fullscreen window; xtoast has no such middle step.
        var urgency: UInt8 {
            switch self {
            case .low: 0
            case .normal, .high: 1
            case .urgent: 2
            }
        }
    }

    /// An `app.` action of the application, its prefix removed, and its target (the
    /// parameter `ActivateAction` passes back).
    public struct GtkAction: Equatable, Sendable {
        public var name: String
        public var target: ActionTarget?

        public init(name: String, target: ActionTarget? = nil) {
            self.name = name
            self.target = target
        }
    }

    public struct Button: Equatable, Sendable {
        public var label: String
        public var action: GtkAction
        /// `purpose` (`call.accept`, `im.reply-with-text`…): the button's look, place and key
        /// (`ButtonPurpose`); an unknown one is no purpose.
        public var purpose: String?

        public init(label: String, action: GtkAction, purpose: String? = nil) {
            self.label = label
            self.action = action
            self.purpose = purpose
        }
    }

    /// What a click on the card or one of its buttons asks of the application.
    public enum Activation: Equatable, Sendable {
        /// `org.freedesktop.Application.ActivateAction(name, [target], platform-data)`.
        case action(name: String, target: ActionTarget?)
        /// `org.freedesktop.Application.Activate(platform-data)`: the card had no default action.
        case activate
    }

    /// The action key of the card's click, as `NotificationMapping.actions` reads it.
    public static let defaultKey = "default"

    /// The action key of button `index` on the card.
    static func buttonKey(_ index: Int) -> String { "gtk-button-\(index)" }

    // MARK: Decoding

    /// The notification `fields` describe, and notes for the log about what was left out.
    /// Unknown keys and values of an unexpected type are ignored, as GNOME Shell does;
    /// actions that are not `app.` actions are dropped (GNOME Shell never delivers them).
    public static func decode(_ fields: [String: GtkVariant]) -> (GtkNotification, notes: [String]) {
        var notification = GtkNotification()
        var notes: [String] = []
        notification.title = fields["title"]?.string ?? ""
        notification.body = fields["body"]?.string ?? ""
        notification.markupBody = fields["markup-body"]?.string
        if let value = fields["icon"] { notification.icon = icon(value, notes: &notes) }
        if let priority = fields["priority"]?.string {
            if let known = Priority(rawValue: priority) { notification.priority = known } else { notes.append("unknown priority \(priority)") }
        }
        notification.category = fields["category"]?.string.flatMap { $0.isEmpty || $0.utf8.count > NotificationLimits.maxNameBytes ? nil : $0 }
        if let name = fields["default-action"]?.string {
            notification.defaultAction = action(name, target: fields["default-action-target"], notes: &notes, what: "default-action")
        }
        if case let .dictionaries(buttons)? = fields["buttons"] {
            for button in buttons {
                guard notification.buttons.count < GtkNotificationLimits.maxButtons else {
                    notes.append("more than \(GtkNotificationLimits.maxButtons) buttons: the rest are left out")
                    break
                }
                let label = button["label"]?.string ?? ""
                guard !label.isEmpty, let name = button["action"]?.string,
                      let action = action(name, target: button["target"], notes: &notes, what: "button \(notification.buttons.count + 1)") else { continue }
                notification.buttons.append(Button(label: label, action: action, purpose: button["purpose"]?.string))
            }
        }
        return (notification, notes)
    }

    /// An `app.` action named `detailed` with `target`; nil (and a note) for any other.
    static func action(_ detailed: String, target: GtkVariant?, notes: inout [String], what: String) -> GtkAction? {
        guard detailed.hasPrefix("app.") else {
            notes.append("\(what): not an app. action; left out")
            return nil
        }
        let name = String(detailed.dropFirst(4))
        guard GtkApplication.isValidActionName(name) else {
            notes.append("\(what): not a valid action name; left out")
            return nil
        }
        switch target {
        case nil: return GtkAction(name: name)
        case let .value(value)?: return GtkAction(name: name, target: value)
        case let other?:
            notes.append("\(what): a target of type \(other.signature) is not passed back; left out")
            return nil
        }
    }

    static func icon(_ value: GtkVariant, notes: inout [String]) -> Icon? {
        switch value {
        case let .value(.string(text)):
            // `g_icon_to_string` form: a path or URI, else a theme name.
            return text.hasPrefix("/") || text.hasPrefix("file://") ? file(text) : .themed([text])
        case let .pair("themed", .strings(names)): return .themed(names)
        case let .pair("themed", .value(.string(name))): return .themed([name])
        case let .pair("file", .value(.string(uri))): return file(uri)
        case let .pair("bytes", .bytes(bytes)): return .bytes(bytes)
        case let .pair("bytes", .unusable(why)):
            notes.append("icon bytes refused: \(why)")
            return nil
        default:
            notes.append("an icon of type \(value.signature) is not shown")
            return nil
        }
    }

    /// A `file://` URI's path (percent escapes decoded), or a path as it is.
    static func file(_ text: String) -> Icon? {
        guard text.hasPrefix("file://") else { return .file(text) }
        let encoded = Array(text.utf8.dropFirst("file://".count))
        var bytes: [UInt8] = []
        var i = 0
        while i < encoded.count {
            if encoded[i] == UInt8(ascii: "%"), i + 2 < encoded.count,
               let value = UInt8(String(decoding: encoded[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(encoded[i])
                i += 1
            }
        }
        let path = String(decoding: bytes, as: UTF8.self)
        // Only local files: `file://host/…` names another machine.
        return path.hasPrefix("/") && !path.contains("\0") ? .file(path) : nil
    }

    // MARK: Mapping

    /// The notification as a freedesktop `Notify` call from the application `appID`: the
    /// same limits, sanitizer, rules and admission apply. `entry` is the application's
    /// `.desktop` file; without one the id is the name (and the icon falls back to a generic one).
    /// The card's click is the `default` action; buttons are keyed `gtk-button-N`.
    public func notifyCall(appID: String, entry: DesktopEntry?) -> NotifyCall {
        var call = NotifyCall(appName: entry?.name ?? appID, summary: title)
        call.body = markupBody ?? MarkupSanitizer.escaped(body)
        call.actions = [Self.defaultKey, ""]
        for (i, button) in buttons.enumerated() {
            call.actions += [Self.buttonKey(i), button.label]
            if let purpose = button.purpose.flatMap(ButtonPurpose.init(rawValue:)) { call.purposes[Self.buttonKey(i)] = purpose }
        }
        call.hints["urgency"] = .byte(priority.urgency)
        if let category { call.hints["category"] = .string(category) }
        // The desktop entry names the application for rules, snoozes and the centre's groups.
        call.hints["desktop-entry"] = .string(appID)
        switch icon {
        case let .themed(names)?: call.appIcon = names.first { !$0.isEmpty } ?? ""
        case let .file(path)?: call.appIcon = path
        case .bytes?, nil: break
        }
        if call.appIcon.isEmpty, entry?.icon == nil { call.appIcon = GtkNotificationLimits.genericIcon }
        return call
    }

    /// What a chosen action key (`notifyCall`'s) asks of the application; nil for a key
    /// this notification never had.
    public func activation(forKey key: String) -> Activation? {
        if key == Self.defaultKey { return defaultAction.map { .action(name: $0.name, target: $0.target) } ?? .activate }
        guard let i = buttons.indices.first(where: { Self.buttonKey($0) == key }) else { return nil }
        return .action(name: buttons[i].action.name, target: buttons[i].action.target)
    }
}

/// A value read off an `org.gtk.Notifications` call's `a{sv}`, as far as xtoast reads one;
/// the bus reader bounds each string, array and byte count.
public indirect enum GtkVariant: Equatable, Sendable {
    /// A basic value (a string, a number, a boolean).
    case value(ActionTarget)
    /// `as`.
    case strings([String])
    /// `ay`, at most `GtkNotificationLimits.maxIconBytes`.
    case bytes([UInt8])
    /// `(sv)`: a serialized `GIcon`.
    case pair(String, GtkVariant)
    /// `aa{sv}`: the buttons.
    case dictionaries([[String: GtkVariant]])
    /// A value of a type xtoast does not read (its signature), or one refused while read (why).
    case unusable(String)

    var string: String? { if case let .value(.string(s)) = self { s } else { nil } }

    /// The D-Bus signature, for the log.
    public var signature: String {
        switch self {
        case let .value(value): value.signature
        case .strings: "as"
        case .bytes: "ay"
        case let .pair(_, value): "(s\(value.signature))"
        case .dictionaries: "aa{sv}"
        case let .unusable(signature): signature
        }
    }
}

/// An action's target (`GVariant` of a basic type): passed back to the application as it
/// came, of the same type.
public enum ActionTarget: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case byte(UInt8)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)

    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .bool: "b"
        case .byte: "y"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        }
    }
}

/// An application id as GLib and the bus use it: what makes it a bus name and an object path.
public enum GtkApplication {
    /// `g_application_id_is_valid`: at most 255 bytes, two or more elements separated by
    /// dots, each non-empty of `[A-Za-z0-9_-]` and not starting with a digit. Anything else
    /// is refused: the id becomes a bus name to call and an object path.
    public static func isValidID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 255 else { return false }
        let elements = id.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
            return element.utf8.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// The object path GNOME Shell calls `org.freedesktop.Application` at: `.` becomes `/`,
    /// `-` becomes `_`, with a leading `/` (`org.gnome.Calendar` → `/org/gnome/Calendar`).
    /// `id` has passed `isValidID`, so the path is a valid one.
    public static func objectPath(_ id: String) -> String {
        "/" + String(id.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
    }

    /// `g_action_name_is_valid`: letters, digits, `-` and `.`, not empty, within a name's bound.
    public static func isValidActionName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= NotificationLimits.maxNameBytes
            && name.utf8.allSatisfy { isWordByte($0) && $0 != UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}

/// Limits of `org.gtk.Notifications`, beside `NotificationLimits` (which bound its strings too).
public enum GtkNotificationLimits {
    /// Buttons kept of one notification: as many as a card draws.
    public static let maxButtons = Action.maxCount
    /// A `bytes` icon's bytes: an icon, not a photo album. Larger ones are refused unread.
    public static let maxIconBytes = 1 << 20
    /// Entries read of a button's `a{sv}`; the rest are skipped.
    public static let maxButtonFields = 8
    /// The icon of an application that has neither an icon nor a `.desktop` file.
    public static let genericIcon = "application-x-executable"
    /// Notifications remembered per daemon so a click, a replacement or a withdrawal reaches
    /// the right one (`GtkNotifications`): the history's default size (`[center] keep`), so a
    /// late action from the centre finds its notification; older ones are forgotten first.
    public static let maxRemembered = 1000
}
