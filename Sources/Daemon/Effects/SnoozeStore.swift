import DaemonLog
import ToastCore
import Transport

/// The snoozed applications across restarts: `$XDG_STATE_HOME/xtoast/snoozes`, one line per
/// snooze (`Snoozes.lines`), no file when there are none: read bounded, regular files only;
/// written as a `StateFile`, as the pause's file (`QuietStore`) is.
final class SnoozeStore {
    let path: String

    init(path: String) { self.path = path }

    /// Beside the pause's file.
    static func path(xdgStateHome: String?, home: String?) -> String? {
        QuietStore.path(xdgStateHome: xdgStateHome, home: home).map { String($0.dropLast("quiet".count)) + "snoozes" }
    }

    /// The snoozes still running at `wallNow`; a damaged line is skipped.
    func load(wallNow: Double) -> Snoozes {
        switch BoundedFile.read(path, maxBytes: Snoozes.maxFileBytes) {
        case let .success(bytes): return Snoozes(lines: String(decoding: bytes, as: UTF8.self), now: wallNow)
        case .failure(.missing): return Snoozes()
        case let .failure(failure):
            Log.info("snooze: \(failure); no application starts snoozed")
            return Snoozes()
        }
    }

    func save(_ snoozes: Snoozes) {
        StateFile.save(snoozes.all.isEmpty ? nil : snoozes.lines, to: path, topic: "snooze",
                       lost: "the snoozes are not kept across a restart")
    }
}
