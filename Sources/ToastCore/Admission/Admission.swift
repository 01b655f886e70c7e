/// The one way in: every new or replacing toast, from the socket or the bus, is decided here
/// once, and so is every update (`decideUpdate`). The rules apply (`RuleSet.evaluate`), then
/// the critical and timeout policy, the stack tag and the choice between showing, taking the
/// place of a toast with the same id, replacing in place, taking another's place, counting as
/// a repeat, going into the open centre, being suppressed by a fullscreen window, skipping
/// the display and dropping. Pure: it reads the board, changes nothing, counts nothing; the
/// board carries the decision out, and `xtoast rules --test` prints the same decision.
///
///     let decision = Admission.decide(submission, board: board, state: ruleState,
///                                     centerOpen: centerOpen, place: chooseMonitor)
///     ruleState.record(decision.outcome)
///     let id = board.carryOut(decision, owner: owner, now: now)
public enum Admission {
    /// What becomes of a submission.
    public enum Action: Equatable, Sendable {
        /// A new toast, on a card of its own.
        case show
        /// A socket toast with the id of a live (or kept) toast: the old one ends with
        /// `replaced` and the new one, its new owner's, takes its card if it goes to the same
        /// place, else enters at its own.
        case supersede(id: String)
        /// A fullscreen window on its monitor sends it to history at once (`[general]
        /// fullscreen = suppress`, a rule's `fullscreen`): it ends with `suppressed`, no card.
        case suppress
        /// The bus toast with this id shows the new content in place: same id, no end.
        case replace(id: String)
        /// The live toast with this id (same source, application and stack tag) ends with
        /// `replaced`, and the new toast takes its card under a new id.
        case takeOver(id: String)
        /// `skip = display`: kept in history (unless transient), never shown; it ends at once
        /// with `skipped`.
        case skipDisplay
        /// `skip = all`: neither shown nor kept; it ends at once with `dropped`. Its scripts run.
        case drop
        /// Its application is snoozed (`Snoozes`) and it is not critical: kept in history,
        /// never shown; it ends at once with `snoozed`.
        case snooze
        /// It comes from the application in front (`FocusedApp`): no card, no sound; it ends
        /// at once with `focused`, kept as `[general] focused_app` says.
        case focused
        /// The same as the live toast with this id (`Repeats`): no card of its own; that card
        /// counts it and the toast gets an alias of the card.
        case repeatOf(id: String)
        /// The centre is open: the toast goes straight into its list, no card; it ends at once
        /// with `center`.
        case intoCenter
        /// The centre is open and the toast is one it keeps open (`Toast.keepsOpen`): its entry
        /// shows its buttons and it stays open, kept, until the user or its sender ends it.
        case keepInCenter
        /// Its application is past `[quiet] burst`: no card of its own; the application's
        /// digest card (this live one, or a new one for nil) counts it. It is kept in history
        /// at once and ends with `folded` when the digest ends (`Board+Digest`).
        case fold(into: String?)
        /// Its application sent exactly this toast less than `Bursts.sameToastWindow` ago, and
        /// it is on the live card with this id (its own, the card it repeated, or the digest it
        /// folded into): it is that toast, under an id of its own (an echo), and adds to no
        /// count: not the card's `×N`, not the digest's, not `[quiet] burst`'s.
        case sameAs(id: String)
    }

    /// What the board notes of a bus toast `[quiet] burst` watches, whatever became of it.
    public struct BurstTicket: Equatable, Sendable {
        public var app: BurstApp
        /// What it looks like (`Repeats.Key`'s hash), to tell one sent twice.
        public var fingerprint: Int
        public var limit: BurstLimit
    }

    /// The decision and everything it needs.
    public struct Decision: Equatable, Sendable {
        public var action: Action
        /// The toast as it will be: every rule setting, default and policy applied. Its id is
        /// the request's, or empty for the board to give one.
        public var toast: Toast
        /// The monitor a new toast goes to (a rule's or the request's); nil follows the config.
        public var monitor: MonitorChoice?
        /// The monitor `decide`'s `place` chose for it, when the toast needed one (a card of its
        /// own: `show`, `supersede`, `suppress`; a kept toast that `replace` reopens); nil otherwise.
        public var placement: String?
        /// Pixels to store as the card's icon: the submission's, unless a rule gave an icon
        /// or the toast is not shown.
        public var image: RawImage?
        /// What the rules said: the matched rules and their scripts (`RuleState.record` counts it).
        public var outcome: RuleOutcome
        /// A bus notification asked to be critical while `NotificationLimits.maxLiveCritical`
        /// critical bus toasts were live: it is shown as normal.
        public var clampedCritical = false
        /// A bus toast `[quiet] burst` watches (nil: none, or no time was given).
        public var burst: BurstTicket?
        /// Whether a bus toast came from the application in front, and why (`FocusedApp`); nil
        /// for the socket's.
        public var focusedApp: FocusedApp.Verdict?
        /// What its category does (`CategoryPolicy`): the ringing it starts.
        public var category = CategoryPolicy.plain
        /// A rule's `sound`, or the category's silence (`SoundChoice.decide`'s `rule`).
        public var sound: RuleSound?
    }

    /// `centerOpen`: the notification centre is open now. While it is, a new toast goes into
    /// its list rather than onto a card, except a critical one, and one asking a question (it
    /// has actions) that the centre cannot keep open: those still show as cards.
    /// `place` names the monitor a toast with this choice goes to (the daemon follows the
    /// pointer or the focus): asked at most once, only for a toast that needs one, so a
    /// monitor's holds can decide (`placement(of:on:board:)`). `xtoast rules --test` with no
    /// daemon has one unnamed monitor.
    /// `now` (the board's clock) lets `[quiet] burst` decide; without it nothing folds.
    /// `focus`: the active window and since when (`FocusedApp`); nil: none known.
    public static func decide(_ submission: Submission, board: Board, state: RuleState? = nil,
                              centerOpen: Bool = false, now: Double? = nil, focus: FocusedWindow? = nil,
                              place: (MonitorChoice?) -> String = { _ in "" }) -> Decision {
        let config = board.config
        var request = submission.request
        let outcome = config.rules.evaluate(submission.subject(withText: !config.rules.isEmpty), state: state)
        let settings = outcome.settings
        let category = categoryPolicy(submission, settings: settings)
        var image = submission.image

        // The rules' settings; `outcome.subject` holds what earlier rules changed for later ones.
        request.kind = outcome.subject.kind
        request.urgency = urgency(outcome.subject.urgency, category: category, rule: settings.urgency)
        request.resident = request.resident || category.resident
        if let icon = outcome.icon {
            request.icon = icon
            image = nil
        }
        if let style = settings.style { request.style = style }
        if let position = settings.position { request.position = position }
        if let monitor = settings.monitor { request.monitor = monitor }
        if let markup = settings.markup { request.markup = markup }
        if settings.stripsMarkup == true {
            request.message = MarkupSanitizer.stripped(request.message)
            request.markup = false
        }

        // The critical policy, once: critical toasts wait for the user. A bus client's own
        // expire_timeout does not count (the specification's advice); a script's does. Past
        // `maxLiveCritical` live critical bus toasts a new one is shown as normal, with the
        // sender's timeout, so a flood of them cannot grow the board without bound.
        // Only a bus toast its sender may act on (`Board.busClient(_:mayActOn:)`), live or kept
        // open in the centre, is replaced in place; another application's `replaces_id` shows a
        // new toast, as for an unknown id.
        var replacing = submission.replacesID.flatMap { id in board.busClient(submission.sender, mayActOn: id) ? id : nil }
        if replacing == nil, outcome.skip != .all, outcome.skip != .display, let target = appendTarget(submission, board: board),
           let old = board.toast(target) {
            // `x-canonical-append`: the live toast shows its body and this one's, newest last.
            replacing = target
            request.message = appended(request.message, to: old.message)
        }
        var clamped = false
        if request.urgency == .critical, submission.source == .bus,
           board.liveCriticalBus(besides: replacing) >= NotificationLimits.maxLiveCritical {
            request.urgency = .normal
            clamped = true
        }
        let (timeout, timeoutPolicy) = Self.timeout(sender: request.timeout, senderCounts: submission.source != .bus,
                                                    critical: request.urgency == .critical, rule: ruleTimeout(settings, category: category),
                                                    ruleDefault: settings.defaultTimeout)
        request.timeout = timeout
        if let action = settings.defaultAction, request.actions.contains(where: { $0.id == action }) {
            request.defaultAction = action
        }

        var toast = Toast(request, id: request.id ?? "", config: config)
        toast.source = submission.source
        toast.interface = submission.interface
        toast.app = submission.app
        toast.sender = submission.sender
        toast.rules = outcome.matched
        toast.color = settings.color
        toast.cardColors = settings.cardColors
        toast.format = settings.format
        toast.hidesText = settings.hideText ?? false
        toast.hidesIcon = settings.iconPosition == .off
        toast.stackTag = outcome.subject.stackTag.isEmpty ? nil : outcome.subject.stackTag
        toast.transient = outcome.subject.transient || outcome.skip == .history
        toast.fullscreen = settings.fullscreen ?? category.fullscreen
        toast.overridePauseLevel = settings.overridePauseLevel ?? category.overridePauseLevel
        toast.category = outcome.subject.category
        toast.desktopEntry = outcome.subject.desktopEntry
        toast.timeoutPolicy = timeoutPolicy
        toast.timeout = Self.readingTimeout(toast.timeout, for: toast, config: config)
        toast.keepsOpen = (submission.keepOpen && !toast.transient && toast.timeout > 0)
            || config.center.keepOpen.keeps(toast, senderTimeout: submission.request.timeout, ruleTimeout: settings.timeout ?? settings.defaultTimeout)
        toast.collapsesRepeats = Repeats.isCandidate(toast, callerID: request.id, replaces: submission.replacesID != nil, config: config)
        if toast.collapsesRepeats, let image {
            // A large picture would cost more to compare than merging saves: it keeps a card of its own.
            toast.imageDigest = Repeats.digest(image)
            toast.collapsesRepeats = toast.imageDigest != nil
        }

        // `[quiet] burst`: only bus toasts nobody keeps a handle on, and never a critical one.
        let ticket: BurstTicket? = {
            guard let now, now.isFinite, let limit = config.quiet.burst, !category.neverFolds, submission.source == .bus, request.id == nil,
                  submission.replacesID == nil, toast.stackTag == nil, toast.urgency != .critical,
                  // Asked for as critical and shown as normal past `maxLiveCritical`: still never folded.
                  submission.request.urgency != .critical else { return nil }
            let app = BurstApp(app: toast.app ?? "", desktopEntry: submission.desktopEntry, origin: submission.origin)
            return BurstTicket(app: app, fingerprint: Repeats.Key(toast).hashValue, limit: limit)
        }()
        let asks = !toast.actions.isEmpty || toast.defaultAction != nil

        // The application in front (`FocusedApp`), after a replacement, a stack tag and a snooze.
        let focusVerdict = FocusedApp.verdict(submission, toast: toast, focus: focus, now: now, mode: config.focusedApp)

        var action: Action
        var placement: String?
        switch outcome.skip {
        case .all: action = .drop
        case .display: action = .skipDisplay
        case .none, .history:
            if let replacing {
                action = .replace(id: replacing)
                // A kept toast is reopened on a card: it needs a monitor.
                if board.toast(replacing) == nil { placement = place(request.monitor) }
            } else if let tag = toast.stackTag, let old = board.stackTagHolder(tag, source: toast.source, app: toast.app, where: {
                // Ending a bus toast for another is acting on it: only its sender's, or anyone's once it left.
                toast.source != .bus || board.busClient(submission.sender, mayActOn: $0)
            }) {
                action = .takeOver(id: old)
            } else if let old = categoryHolder(for: toast, category: category, submission: submission, board: board) {
                action = .takeOver(id: old)
            } else if toast.urgency != .critical, submission.request.urgency != .critical,
                      Snoozes.covers(board.snoozedApps, app: toast.app ?? "", desktopEntry: toast.desktopEntry) {
                action = .snooze
            } else if focusVerdict == .quiet {
                action = .focused
            } else if let ticket, let now, let same = board.bursts.sameToast(ticket.app.key, fingerprint: ticket.fingerprint, now: now),
                      board.toast(same) != nil {
                // The card the first one is on (itself, the card it repeats, or its digest).
                action = .sameAs(id: board.cardID(for: same))
            } else if let original = board.repeatOriginal(of: toast) {
                action = .repeatOf(id: original)
            } else if let ticket, let now, !asks, !centerOpen, board.bursts.isOver(ticket.app.key, limit: ticket.limit, now: now) {
                let digest = board.bursts.digest(of: ticket.app.key).flatMap { board.toast($0)?.digest != nil ? $0 : nil }
                action = .fold(into: digest)
                if digest == nil { placement = place(request.monitor) }
            } else if centerOpen {
                action = toast.keepsOpen ? .keepInCenter
                    : toast.urgency == .critical || !toast.actions.isEmpty || toast.defaultAction != nil ? .show : .intoCenter
            } else {
                action = .show
            }
            if action == .show {
                let monitor = place(request.monitor)
                placement = monitor
                action = Self.placement(of: toast, on: monitor, board: board)
            }
        }
        switch action {
        case .drop, .skipDisplay, .snooze, .repeatOf, .sameAs, .fold: image = nil
        // A suppressed or focused toast's picture stays: the centre's entry shows it.
        case .show, .supersede, .suppress, .focused, .replace, .takeOver, .intoCenter, .keepInCenter: break
        }
        var decision = Decision(action: action, toast: toast, monitor: request.monitor, placement: placement, image: image,
                                outcome: outcome, clampedCritical: clamped)
        decision.burst = ticket
        decision.focusedApp = submission.source == .bus ? focusVerdict : nil
        decision.category = category
        decision.sound = sound(settings, category: category)
        return decision
    }

    /// The live toast an `x-canonical-append` notification adds its body to: one with the same
    /// application and summary that this bus client may act on (`Board.busClient(_:mayActOn:)`:
    /// its own, or anyone's once its sender left, so `notify-send` runs append), as notify-osd
    /// did for chat messages. Nil without the hint, with a `replaces_id`, or when
    /// none is live (it is then shown as a new toast). Reads the live toasts only for a
    /// notification with the hint; the board holds at most a few hundred.
    public static func appendTarget(_ submission: Submission, board: Board) -> String? {
        guard submission.append, submission.source == .bus, submission.replacesID == nil else { return nil }
        let title = submission.request.title ?? ""
        return board.liveToasts.first { toast in
            toast.source == .bus && (toast.app ?? "") == submission.app && toast.title == title
                && toast.digest == nil && board.busClient(submission.sender, mayActOn: toast.id)
        }?.id
    }

    /// `body` after `old` on a line of its own, the oldest lines dropped past
    /// `NotificationLimits.maxBodyCharacters` (the newest message is the one to read).
    static func appended(_ body: String, to old: String) -> String {
        guard !old.isEmpty else { return body }
        guard !body.isEmpty else { return old }
        var lines = (old + "\n" + body).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var count = lines.reduce(lines.count - 1) { $0 + $1.unicodeScalars.count }
        while count > NotificationLimits.maxBodyCharacters, lines.count > 1 {
            count -= lines.removeFirst().unicodeScalars.count + 1
        }
        guard count > NotificationLimits.maxBodyCharacters, let last = lines.last else { return lines.joined(separator: "\n") }
        return "…" + String(String.UnicodeScalarView(last.unicodeScalars.suffix(NotificationLimits.maxBodyCharacters - 1)))
    }

    /// What becomes of a toast that gets a card of its own on `monitor`: a fullscreen hold
    /// there may send it to history (`suppress`, `HoldPolicy.suppresses`); with the id of a
    /// live or kept toast it takes that one's place (`supersede`); else `show`. Where it then
    /// waits (do-not-disturb, a fullscreen window, a locker) is the board's to carry out.
    public static func placement(of toast: Toast, on monitor: String, board: Board) -> Action {
        if board.policy(on: monitor).suppresses(toast) { return .suppress }
        if !toast.id.isEmpty, board.toast(toast.id) != nil || board.kept(toast.id) != nil { return .supersede(id: toast.id) }
        return .show
    }

    /// The critical and rule timeout policy, the same for a new toast and an update. `sender`
    /// is the timeout its sender gave (nil: none); `senderCounts` is false for a bus client,
    /// whose own expire_timeout a critical toast ignores (the specification's advice). A rule's
    /// timeout is the user's word, over the sender's and the policy's; a critical toast waits
    /// for the user. A rule's `default_timeout` (`ruleDefault`) counts where the sender's does
    /// not, over the critical policy. A nil timeout is the kind's default.
    public static func timeout(sender: Double?, senderCounts: Bool, critical: Bool,
                               rule: Double?, ruleDefault: Double? = nil) -> (timeout: Double?, policy: TimeoutPolicy) {
        if let rule { return (rule > 0 ? max(rule, ProtocolLimits.minTimeout) : 0, .rule) }
        if let ruleDefault, sender == nil || (critical && !senderCounts) {
            return (ruleDefault > 0 ? max(ruleDefault, ProtocolLimits.minTimeout) : 0, .rule)
        }
        if critical && (!senderCounts || sender == nil) { return (0, .critical) }
        return (sender, .byKind)
    }
}

extension Toast {
    /// A toast as `request` asks, with the config's defaults for what it leaves out: the
    /// kind's timeout, the configured position. Policies (critical, rules) are the
    /// admission's; this only fills in.
    public init(_ r: ShowRequest, id: String, config: Config) {
        let kind = r.kind ?? .info
        self.init(id: id, title: r.title ?? "", message: r.message, kind: kind,
                  timeout: r.timeout ?? config.timeout(for: kind), position: r.position ?? config.position,
                  style: r.style, markup: r.markup, icon: r.icon, actions: ButtonPurpose.placed(r.actions), defaultAction: r.defaultAction,
                  progress: r.progress, urgency: r.urgency ?? .normal)
        app = r.app
        resident = r.resident
        actionIcons = r.actionIcons
        origin = r.origin
        reply = r.reply
    }
}
