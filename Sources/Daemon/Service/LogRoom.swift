import DaemonLog
import ToastCore

/// The log's room for each kind of line a client can cause at will, each a `LogBudget`:
/// an X client can flip XSETTINGS, retitle or map a window, go fullscreen or claim the
/// compositor's selection hundreds of times a second, a bus client call `Inhibit` and
/// `UnInhibit` 4,500 times a second, a socket client send requests as fast. Lines past the
/// room are counted, and the count is logged as the window ends (`windowsEnded`, at each
/// turn of the loop).
struct LogRoom {
    /// Lines of each kind per `LogBudget.window` (10 s): enough to see what happened.
    static let lines = 20

    /// Dropped socket clients and refused connections (`ClientLimits.dropLogLines`).
    var clients = LogBudget(lines: ClientLimits.dropLogLines, what: "dropped or refused clients")
    /// The X server's errors: any X client can make it refuse the daemon's requests
    /// (destroying a window the daemon asks about) about 750 times a second.
    var screenErrors = LogBudget(lines: lines, what: "X errors")
    /// Applications' `Inhibit` and `UnInhibit`, and their leaving the bus.
    var inhibitions = LogBudget(lines: lines, what: "inhibition lines")
    /// The desktop's settings (XSETTINGS, which any X client can change).
    var desktop = LogBudget(lines: lines, what: "desktop settings lines")
    /// Windows that say the screen is shared (any X client can title one so).
    var sharing = LogBudget(lines: lines, what: "screen-sharing lines")
    /// The screen's state other clients turn: fullscreen windows, lockers, the compositor,
    /// the monitors.
    var screen = LogBudget(lines: lines, what: "screen change lines")
    /// What socket and bus requests do (pause, snooze, a rule turned, a reload, a reply).
    var requests = LogBudget(lines: lines, what: "request lines")

    /// Logs `line` within the room of its kind.
    mutating func info(_ kind: WritableKeyPath<LogRoom, LogBudget>, _ line: String, now: Double) {
        Log.info(line, within: &self[keyPath: kind], now: now)
    }

    /// Logs the count of what each kind left out in a window that is over.
    mutating func windowsEnded(now: Double) {
        let kinds: [WritableKeyPath<LogRoom, LogBudget>] = [\.clients, \.screenErrors, \.inhibitions, \.desktop, \.sharing, \.screen, \.requests]
        for kind in kinds { Log.windowEnd(of: &self[keyPath: kind], now: now) }
    }
}
