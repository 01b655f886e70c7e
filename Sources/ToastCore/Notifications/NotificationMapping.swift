/// What a `Notify` call becomes on the board, and what the board's events become on the bus.
/// Pure: the bus adapter reads and writes messages, this decides.
public enum NotificationMapping {
    /// What `GetCapabilities` always answers. `body-hyperlinks`: a body's `<a href>` links
    /// are drawn underlined and open on a click (the link opener). `persistence` and `sound`
    /// only while they hold (`capabilities(sound:persistence:)`).
    /// `x-kde-origin-name`: the origin is shown under the title (Chromium then stops pasting
    /// it into the body); `x-kde-display-appname` names the app; `x-kde-urls` are links.
    /// `action-icons`: action keys that name a theme icon are drawn as that icon.
    /// `x-canonical-append`: a body is appended to the sender's live toast with the same summary.
    /// `inline-reply`: an action keyed so is a reply field; `NotificationReplied` goes to the sender.
    public static let capabilities = ["action-icons", "actions", "body", "body-hyperlinks", "body-markup", "icon-static",
                                      "inhibitions", "inline-reply", "x-canonical-append", "x-canonical-private-synchronous", "x-dunst-stack-tag",
                                      "x-kde-display-appname", "x-kde-origin-name", "x-kde-urls"]

    /// The capabilities, with `persistence` while the centre keeps toasts with actions open
    /// until the user deals with them (`[center] keep_open = actions`: the specification's
    /// "retained until the user acknowledges them"), and `sound` when a sound server is there
    /// and sound is enabled.
    public static func capabilities(sound: Bool, persistence: Bool = false) -> [String] {
        capabilities + (persistence ? ["persistence"] : []) + (sound ? ["sound"] : [])
    }

    /// What `GetServerInformation` answers: name, vendor, version, specification version.
    public static let serverInformation = (name: "xtoast", vendor: "xtoast", version: Version.number, specVersion: "1.3")

    /// A notification ready for the board: the toast to show, and what the server does
    /// besides (an image to store first, a stack tag to replace by).
    public struct Decision: Equatable, Sendable {
        public var request: ShowRequest
        /// `image-data` (or the older `image_data` / `icon_data`) pixels, already checked.
        public var image: RawImage?
        /// `x-dunst-stack-tag` or `x-canonical-private-synchronous`: a later notification with
        /// the same tag takes this one's place.
        public var stackTag: String?
        /// What was refused or cut, for the log.
        public var notes: [String] = []
        /// The `category`, `desktop-entry` and `transient` hints, for the rules and history.
        public var category: String?
        public var desktopEntry: String?
        /// The `x-kde-origin-name` hint: a browser's web page, for per-application limits.
        public var origin: String?
        public var transient = false
        /// The `x-canonical-append` hint: append the body to this sender's live toast with the
        /// same application and summary (`Admission.appendTarget`).
        public var append = false
        /// The `sound-name`, `sound-file` and `suppress-sound` hints.
        public var sound = SoundHints()

        /// The notification as the admission takes it (`Admission.decide`).
        public func submission(replacesID: UInt32, sender: String? = nil) -> Submission {
            var submission = Submission(request, source: .bus)
            submission.interface = .freedesktop
            submission.category = category ?? ""
            submission.desktopEntry = desktopEntry ?? ""
            submission.origin = origin ?? ""
            submission.stackTag = stackTag ?? ""
            submission.transient = transient
            submission.append = append
            submission.replacesID = replacesID == 0 ? nil : String(replacesID)
            submission.sender = sender
            submission.image = image
            submission.sound = sound
            return submission
        }
    }

    /// The kind (its colour and icon) of a notification from its urgency and category:
    /// critical or a `*.error` category is `error`; `transfer.complete` is `success`; a
    /// `*.warning` category is `warning`; anything else `info`. Low urgency keeps its
    /// category's kind (the card is drawn muted instead, from the toast's urgency): `debug`'s
    /// bug icon would tell the user something broke.
    public static func kind(urgency: Urgency, category: String?) -> Kind {
        let category = category ?? ""
        if urgency == .critical || category.hasSuffix(".error") { return .error }
        if category == "transfer.complete" { return .success }
        if category.hasSuffix(".warning") { return .warning }
        return .info
    }

    /// `urgency` as the specification numbers it (0 low, 1 normal, 2 critical), from a byte
    /// or any integer; out of range or absent is normal.
    public static func urgency(_ hint: HintValue?) -> Urgency {
        switch hint?.integer {
        case 0: .low
        case 2: .critical
        default: .normal
        }
    }

    /// Seconds on screen the sender asked for: -1 (or any other negative) is the kind's
    /// default (nil), 0 never, N milliseconds otherwise (at most a day). Critical ones never
    /// expire whatever the client asked: the admission decides that (`Admission.decide`).
    public static func timeout(_ milliseconds: Int32) -> Double? {
        if milliseconds < 0 { return nil }
        return min(ProtocolLimits.maxTimeout, Double(milliseconds) / 1000)
    }

    /// `entry` is the application's `.desktop` file, when its `desktop-entry` hint names one:
    /// its name stands in for an empty app_name, its icon for a missing image.
    /// `tameChromium`: `[general] tame_chromium` (`BrowserCritical`).
    public static func decide(_ call: NotifyCall, entry: DesktopEntry? = nil, tameChromium: Bool = true) -> Decision {
        var notes: [String] = []
        let hints = boundedHints(call.hints, notes: &notes)
        let appIcon = bounded(call.appIcon, ProtocolLimits.maxIconBytes, what: "app_icon", notes: &notes) ?? ""
        let urgency = urgency(hints["urgency"])
        let category = hints["category"]?.string
        var request = ShowRequest(message: cut(call.body, NotificationLimits.maxBodyCharacters, notes: &notes, what: "body"),
                                  title: cut(call.summary, NotificationLimits.maxSummaryCharacters, notes: &notes, what: "summary"),
                                  kind: kind(urgency: urgency, category: category),
                                  timeout: timeout(call.expireTimeout))
        request.urgency = urgency
        request.markup = true
        // KDE's `x-kde-display-appname` is the name to show; app_name is often an id.
        let displayName = hints["x-kde-display-appname"]?.string.map { String($0.prefix(NotificationLimits.maxAppNameCharacters)) }
        let appName = displayName.flatMap { $0.isEmpty ? nil : $0 } ?? (call.appName.isEmpty ? entry?.name ?? "" : call.appName)
        let app = TextSanitizer.sanitize(String(appName.prefix(NotificationLimits.maxAppNameCharacters)))
        request.app = app
        (request.actions, request.defaultAction) = actions(call.actions, purposes: call.purposes, notes: &notes)
        // `inline-reply` is a reply button, not an action anyone invokes (`ReplyOptions`).
        (request.actions, request.reply) = ReplyOptions.extract(
            from: request.actions, placeholder: hints["x-kde-reply-placeholder-text"]?.string,
            submitLabel: hints["x-kde-reply-submit-button-text"]?.string, submitIcon: hints["x-kde-reply-submit-button-icon-name"]?.string)
        request.resident = hints["resident"]?.bool ?? false
        request.actionIcons = hints["action-icons"]?.bool ?? false
        if let origin = hints["x-kde-origin-name"]?.string {
            let line = TextSanitizer.sanitize(String(origin.prefix(NotificationLimits.maxOriginCharacters)))
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            if !line.isEmpty { request.origin = line }
        }
        if case let .strings(urls)? = hints["x-kde-urls"] { request.message += links(urls, notes: &notes) }
        if tameChromium, urgency == .critical,
           BrowserCritical.isChromium(app: call.appName, desktopEntry: hints["desktop-entry"]?.string),
           !BrowserCritical.isKept(origin: BrowserCritical.origin(hint: hints["x-kde-origin-name"]?.string, body: call.body)) {
            request.urgency = .normal
            request.kind = kind(urgency: .normal, category: category)
            if (request.timeout ?? 0) == 0 { request.timeout = BrowserCritical.timeout }
            notes.append("Chromium's critical notification shown as normal ([general] tame_chromium)")
        }
        if let value = hints["value"]?.integer { request.progress = Double(max(0, min(100, value))) }

        // Image priority, as the specification gives it: image-data, image-path, app_icon, icon_data.
        var image: RawImage?
        for name in ["image-data", "image_data"] where image == nil {
            switch hints[name] {
            case let .image(pixels)?: image = pixels
            case let .unusable(why)?: notes.append("\(name) refused: \(why)")
            default: break
            }
        }
        if image == nil {
            let path = hints["image-path"]?.string ?? hints["image_path"]?.string
            let spec = [path, appIcon, nil].compactMap { $0 }.first { !$0.isEmpty }
            if let spec { request.icon = spec } else if case let .image(pixels)? = hints["icon_data"] { image = pixels }
        }
        if image == nil, request.icon == nil, let id = hints["desktop-entry"]?.string, !id.isEmpty {
            // Without the file, the entry's name is the app's icon name in nearly every theme.
            request.icon = entry?.icon ?? id
        }
        let tag = [hints["x-dunst-stack-tag"]?.string, hints["x-canonical-private-synchronous"]?.string]
            .compactMap { $0 }.first { !$0.isEmpty }
        var decision = Decision(request: request, image: image, stackTag: tag, notes: notes)
        decision.category = category
        decision.desktopEntry = hints["desktop-entry"]?.string
        decision.origin = request.origin
        decision.transient = hints["transient"]?.bool ?? false
        decision.append = appends(hints["x-canonical-append"])
        decision.sound = SoundHints(name: hints["sound-name"]?.string, file: hints["sound-file"]?.string,
                                    suppress: hints["suppress-sound"]?.bool ?? false)
        return decision
    }

    /// notify-osd appends on the hint's presence; senders give it as the string "true" or
    /// "allowed", or as a boolean. Only an explicit false (or "false") turns it off.
    static func appends(_ hint: HintValue?) -> Bool {
        switch hint {
        case nil: false
        case let .string(text)?: text.lowercased() != "false"
        case let value?: value.bool ?? true
        }
    }

    /// `x-kde-urls` as links after the body, one a line: the first `NotificationLimits.maxURLs`
    /// that the link opener opens (http, https, mailto; `Links`), each shown as itself. A file
    /// or other URL is left out with a note: a click on it would open nothing.
    static func links(_ urls: [String], notes: inout [String]) -> String {
        var shown: [String] = []
        var skipped = 0
        for url in urls {
            let lower = url.lowercased()
            guard shown.count < NotificationLimits.maxURLs, url.utf8.count <= ProtocolLimits.maxIconBytes,
                  lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") else {
                skipped += 1
                continue
            }
            let escaped = MarkupSanitizer.escaped(url).unicodeScalars.map { $0 == "\"" ? "&quot;" : String($0) }.joined()
            shown.append("<a href=\"\(escaped)\">\(escaped)</a>")
        }
        if skipped > 0 { notes.append("\(skipped) of x-kde-urls not shown (only http, https and mailto links, at most \(NotificationLimits.maxURLs))") }
        return shown.map { "\n" + $0 }.joined()
    }

    /// Hints whose strings are past their limits are dropped, with a note: icons past
    /// `ProtocolLimits.maxIconBytes`, names past `NotificationLimits.maxNameBytes`.
    static func boundedHints(_ hints: [String: HintValue], notes: inout [String]) -> [String: HintValue] {
        let icons: Set = ["image-path", "image_path", "sound-file"]
        // `x-kde-origin-name` is text, cut to `NotificationLimits.maxOriginCharacters` where it is read.
        let names: Set = ["category", "desktop-entry", "x-dunst-stack-tag", "x-canonical-private-synchronous", "sound-name"]
        var kept = hints
        for (key, value) in hints.sorted(by: { $0.key < $1.key }) {
            guard case let .string(text) = value, icons.contains(key) || names.contains(key) else { continue }
            let limit = icons.contains(key) ? ProtocolLimits.maxIconBytes : NotificationLimits.maxNameBytes
            if bounded(text, limit, what: key, notes: &notes) == nil { kept[key] = nil }
        }
        return kept
    }

    /// `text`, or nil (and a note saying why, without the text) when it is longer than `limit` bytes.
    static func bounded(_ text: String, _ limit: Int, what: String, notes: inout [String]) -> String? {
        let bytes = text.utf8.count
        guard bytes > limit else { return text }
        notes.append("\(what) of \(bytes)\(bytes >= NotificationLimits.maxStringBytes ? " or more" : "") bytes ignored (at most \(limit))")
        return nil
    }

    /// Buttons from the flat key/label list: `default` is the body click; the first
    /// `Action.maxCount` others are buttons (the rest dropped); long labels are cut with an
    /// ellipsis; an empty key or an odd last string is skipped, and a key longer than
    /// `NotificationLimits.maxNameBytes` is dropped.
    /// A button's purpose is the call's word for its key, else what the key means
    /// (`ButtonPurpose(actionKey:)`); a purpose's default label stands for an empty one.
    static func actions(_ flat: [String], purposes: [String: ButtonPurpose] = [:], notes: inout [String]) -> ([Action], String?) {
        var buttons: [Action] = []
        var defaultAction: String?
        var dropped = 0, longKeys = 0
        var index = 0
        while index + 1 < flat.count {
            // The label is cut before it is cleaned (one character more than is shown, so a
            // longer one still gets its ellipsis): a 16 KiB label costs what a short one does.
            let key = flat[index], label = TextSanitizer.sanitize(String(flat[index + 1].prefix(ProtocolLimits.maxActionLabel + 1)))
            index += 2
            if key.isEmpty { continue }
            if key.utf8.count > NotificationLimits.maxNameBytes {
                longKeys += 1
                continue
            }
            if key == "default" {
                defaultAction = key
            } else if buttons.count < Action.maxCount, !buttons.contains(where: { $0.id == key }) {
                let purpose = purposes[key] ?? ButtonPurpose(actionKey: key)
                let shown = label.isEmpty ? purpose?.defaultLabel ?? key : label
                buttons.append(Action(id: key, label: shown.count > ProtocolLimits.maxActionLabel
                                          ? String(shown.prefix(ProtocolLimits.maxActionLabel - 1)) + "…" : shown, purpose: purpose))
            } else {
                dropped += 1
            }
        }
        if dropped > 0 { notes.append("\(dropped) action(s) past the first \(Action.maxCount) dropped") }
        if longKeys > 0 { notes.append("\(longKeys) action(s) with a key over \(NotificationLimits.maxNameBytes) bytes dropped") }
        return (buttons, defaultAction)
    }

    private static func cut(_ text: String, _ limit: Int, notes: inout [String], what: String) -> String {
        // Counted in scalars: cheap on a 3 MB string, and never splits one.
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                notes.append("\(what) cut to \(limit) characters")
                scalars.append("…")
                return String(scalars)
            }
            scalars.append(scalar)
            count += 1
        }
        return text
    }

    // MARK: Board events to bus signals

    /// A signal the server emits on the bus.
    public enum Signal: Equatable, Sendable {
        case notificationClosed(id: UInt32, reason: UInt32)
        case actionInvoked(id: UInt32, key: String)
        /// Specification 1.3: the startup-notification id the application raises its window
        /// with, sent just before the `ActionInvoked` it goes with.
        case activationToken(id: UInt32, token: String)
        /// `NotificationReplied(u id, s text)`: KDE's inline reply, unicast to the sender.
        case notificationReplied(id: UInt32, text: String)
    }

    /// `NotificationClosed`'s reason for how a toast ended: 1 expired; 2 dismissed by the
    /// user (click, swipe, close button, an action, a rule of theirs that skips or drops
    /// it, or keeps it from showing over a fullscreen window: their word, given in advance,
    /// or the open centre they saw it come into; folded into a digest or summarized after
    /// a quiet time, or kept back because the user is looking at its application
    /// (`focused_app`): what the user asked for, kept in history); 3 closed by `CloseNotification` or `xtoast dismiss`;
    /// 4 anything else (overflow, shutdown, a crash, a stack-tag replacement).
    public static func closedReason(_ reason: DismissReason) -> UInt32 {
        switch reason {
        case .timeout: 1
        case .click, .swipe, .close, .action, .skipped, .dropped, .suppressed, .center, .folded, .summarized, .snoozed,
             .focused: 2
        case .api: 3
        case .replaced, .overflow, .shutdown, .crashed: 4
        }
    }

    /// The signals a delivery becomes on the bus, in order: an action the user chose by a
    /// click or key is `ActivationToken` and then `ActionInvoked`; any other event its one
    /// signal (`signal(for:)`), or none.
    public static func signals(for delivery: BoardChanges.Delivery) -> [Signal] {
        guard let signal = signal(for: delivery.event) else { return [] }
        switch signal {
        case let .actionInvoked(id, _), let .notificationReplied(id, _):
            if let token = delivery.activationToken { return [.activationToken(id: id, token: token), signal] }
        default: break
        }
        return [signal]
    }

    /// The signal a board event becomes for a toast the bus showed; nil for events the
    /// interface has no signal for (shown, updated) and for ids that are not bus ids.
    public static func signal(for event: ToastEvent) -> Signal? {
        guard let id = UInt32(event.id), id > 0 else { return nil }
        switch event {
        case let .action(_, key): return .actionInvoked(id: id, key: key)
        case let .dismissed(_, reason): return .notificationClosed(id: id, reason: closedReason(reason))
        case let .replied(_, text): return .notificationReplied(id: id, text: text)
        case .shown, .updated: return nil
        }
    }
}
