/// The notification centre's `[center]` settings: how wide its panel is, which edge it opens
/// at, and whether its entries gather under their application.
public struct CenterSettings: Equatable, Sendable {
    /// Points at scale 1, narrowed to the monitor's work area.
    public var width: Double = 420
    public var side: CenterSide = .right
    public var group: CenterGrouping = .app
    /// Which toasts the centre keeps open when their card times out (`keep_open`).
    public var keepOpen: KeepOpen = .actions

    public init() {}

    /// The panel can be no narrower than an entry's icon, padding and a few words.
    public static let widthRange = 200.0...2000.0
}

/// `[center] keep_open`: KDE's rule for late actions. A toast kept open is hidden into the
/// centre when its card times out, not ended: its sender hears `NotificationClosed` (the
/// socket: `dismissed`) only when the user acts on it, removes it or clears the centre, when
/// the sender closes it, or when it ages out of the history. So an application that stopped
/// listening at the close (libnotify does) still hears the action chosen in the centre.
public enum KeepOpen: String, CaseIterable, Sendable {
    /// A toast with actions that is not transient, whose timeout is the server's default
    /// (its sender gave none, nor did a rule).
    case actions
    /// Every toast ends when its card times out.
    case never

    /// Whether a toast is kept open when its card times out: the admission asks, once.
    /// `senderTimeout` is the sender's own timeout (nil: the default), `ruleTimeout` a rule's.
    public func keeps(_ toast: Toast, senderTimeout: Double?, ruleTimeout: Double?) -> Bool {
        guard self == .actions, senderTimeout == nil, ruleTimeout == nil, !toast.transient, toast.timeout > 0 else { return false }
        return !toast.actions.isEmpty || toast.defaultAction != nil
    }
}

/// The monitor edge the panel opens at.
public enum CenterSide: String, CaseIterable, Sendable {
    case right, left
}

/// How the panel lists its entries.
public enum CenterGrouping: String, CaseIterable, Sendable {
    /// Under a header per application, newest application first, each collapsed to its newest
    /// entry until its header is clicked.
    case app
    /// One list, newest first.
    case none
}

/// `xtoast center open|close|toggle`: what the request does to the panel.
public enum CenterSwitch: String, CaseIterable, Sendable {
    case open, close, toggle
}
