/// `[general] focused_app`: what a notification from the application in front becomes.
public enum FocusedAppMode: String, CaseIterable, Sendable {
    /// Shown as any other.
    case show
    /// No card and no sound: it ends at once (`focused`) and waits in the centre, unread.
    case quiet
    /// No card and no sound: it ends at once (`focused`) and goes into history, read.
    case history
}

/// Whether a bus notification comes from the application the user is looking at, so it
/// need not interrupt (a chat app notifying about the conversation on screen). Pure: the
/// active window and the time come in.
///
///     let verdict = FocusedApp.verdict(submission, toast: toast, focus: focused, now: now, mode: .quiet)
///     // .quiet when the sender's process owns the active window (or a window it is a dialog
///     // of), or its verified Flatpak id is the window's application id
///
/// The sender's own process only: a `notify-send` typed in the focused terminal is another
/// process (the terminal's child), and shows. Never for the socket's toasts (a script asked
/// for them), nor for one that waits for an answer (buttons, a reply field). A default action
/// alone (a click on the body opens the conversation, as chat apps send) is no question: its
/// entry in the centre can still be clicked.
public enum FocusedApp {
    /// Seconds the window must have been active: a notification that arrives as the user
    /// switches to the window (or away from it and back) still shows.
    public static let settle = 1.0

    /// The decision and why, for `xtoast rules --test`.
    public enum Verdict: Equatable, Sendable {
        /// From the application in front: no card (`Admission.Action.focused`).
        case quiet
        /// It shows as any other, for this reason.
        case shows(String)

        public var description: String {
            switch self {
            case .quiet: "quiet: from the application of the active window"
            case let .shows(why): "shows: \(why)"
            }
        }
    }

    /// The verdict on `toast` (after the rules) as `submission` sent it, with the active
    /// window `focus` at `now` (nil: no clock, as `rules --test` without a daemon).
    public static func verdict(_ submission: Submission, toast: Toast, focus: FocusedWindow?, now: Double?,
                               mode: FocusedAppMode) -> Verdict {
        guard mode != .show else { return .shows("focused_app = show") }
        guard submission.source == .bus else { return .shows("not a bus notification") }
        guard !alwaysShows(toast) else { return .shows(toast.urgency == .critical ? "critical" : "its category breaks through") }
        guard toast.actions.isEmpty else { return .shows("it has buttons") }
        guard toast.reply == nil else { return .shows("it has a reply field") }
        guard let sender = submission.senderProcess else { return .shows("its sender's process is unknown") }
        guard let focus, focus.window.window != 0 else { return .shows("no window is active") }
        guard let now, now - focus.since >= settle else { return .shows("the active window changed less than 1 s ago") }
        guard isFrom(sender, focus.window) else { return .shows("its sender does not own the active window") }
        return .quiet
    }

    /// Toasts that show even from the application in front: critical ones, and those whose
    /// category breaks through do-not-disturb (calls, alarms, emergencies, a low battery).
    public static func alwaysShows(_ toast: Toast) -> Bool {
        toast.urgency == .critical || CategoryPolicy.of(toast.category).overridePauseLevel != nil
    }

    /// Whether `sender` owns `window`: a sandboxed sender by its verified id (a sandbox's pids
    /// are its own namespace's, so `_NET_WM_PID` is the inside one), any other by its pid.
    static func isFrom(_ sender: SenderProcess, _ window: ActiveWindow) -> Bool {
        if let sandbox = sender.sandbox { return !sandbox.appID.isEmpty && window.appIDs.contains(sandbox.appID) }
        return sender.pid > 0 && window.pids.contains(sender.pid)
    }
}
