/// The window the user is looking at (the root's `_NET_ACTIVE_WINDOW`) and the windows it is
/// a dialog of (`WM_TRANSIENT_FOR`, nearest first), as the screen read them when it became
/// active: which processes own them and which applications they say they are. Every value is
/// another client's word: `FocusedApp` only ever uses it to keep a card back, never to show one.
public struct ActiveWindow: Equatable, Sendable {
    /// Transient parents followed at most: a dialog of a dialog of a window is deep already,
    /// and a loop of `WM_TRANSIENT_FOR` must end.
    public static let maxParents = 4
    /// Bytes of one application id kept (`_GTK_APPLICATION_ID`, a `WM_CLASS` string).
    public static let maxIDBytes = 256

    /// The window's X id; 0: no window is active.
    public var window: UInt
    /// `_NET_WM_PID` of the window and of each transient parent that has one.
    public var pids: [Int32]
    /// `_GTK_APPLICATION_ID` and both `WM_CLASS` strings (instance, class) of the window and of
    /// each transient parent, those that are set.
    public var appIDs: [String]

    public init(window: UInt = 0, pids: [Int32] = [], appIDs: [String] = []) {
        self.window = window
        self.pids = pids
        self.appIDs = appIDs
    }
}

/// The active window and since when: the service's clock when the screen's news of it
/// arrived (`InputEvent.activeWindowChanged`).
public struct FocusedWindow: Equatable, Sendable {
    public var window: ActiveWindow
    public var since: Double

    public init(_ window: ActiveWindow, since: Double) {
        self.window = window
        self.since = since
    }
}
