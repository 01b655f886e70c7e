import ToastCore

// The arguments of the requests that take more than one value. `Request` itself is declared
// with the operation table (`OperationTable.swift`), a case beside its entry.

/// `xtoast pause [--for DURATION | --until TIME] [--level N]`.
public struct PauseRequest: Equatable, Sendable {
    /// 1-100 (dunst's pause level; 100 is plain `pause`).
    public var level: Int
    /// Nil: until `resume`.
    public var end: QuietEnd?

    public init(level: Int = QuietState.fullLevel, end: QuietEnd? = nil) {
        self.level = level
        self.end = end
    }
}

/// The fields of an `invoke` request: which toast (nil: the newest visible one that has
/// actions) and what: an action (nil: the default one) or, instead, one of its links.
public struct InvokeRequest: Equatable, Sendable {
    public var id: String?
    public var action: String?
    public var link: String?

    public init(id: String? = nil, action: String? = nil, link: String? = nil) {
        self.id = id
        self.action = action
        self.link = link
    }
}

/// `xtoast snooze APP DURATION|always`, `--list`, `--clear APP`.
public enum SnoozeRequest: Equatable, Sendable {
    /// Mutes `app` until `end` (`--for`'s and `--until`'s words); nil: always (a rule).
    case mute(app: String, end: QuietEnd?)
    case list
    case clear(app: String)
}
