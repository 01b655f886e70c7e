#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// The user's do-not-disturb across restarts: `$XDG_STATE_HOME/xtoast/quiet`, one short JSON
/// line (`QuietState.UserPause.line`) while it lasts, no file otherwise: read bounded (4 KiB,
/// regular files only), written as a `StateFile`.
final class QuietStore {
    let path: String

    init(path: String) { self.path = path }

    /// Beside the history file.
    static func path(xdgStateHome: String?, home: String?) -> String? {
        HistoryFile.path(xdgStateHome: xdgStateHome, home: home).map { String($0.dropLast("history".count)) + "quiet" }
    }

    /// The pause the file holds, if any; a damaged file, or one whose pause `pause` could not
    /// have set by `wallNow` (`UserPause.isBounded`), is logged and removed.
    func load(wallNow: Double) -> QuietState.UserPause? {
        switch BoundedFile.read(path, maxBytes: QuietState.UserPause.maxFileBytes) {
        case let .success(bytes):
            if let pause = QuietState.UserPause(line: Array(bytes.prefix { $0 != UInt8(ascii: "\n") })) {
                if pause.isBounded(now: wallNow) { return pause }
                Log.info("quiet: \(path) holds a pause past 366 days ahead; removed")
                unlink(path)
                return nil
            }
            Log.info("quiet: \(path) does not hold a pause; removed")
            unlink(path)
            return nil
        case .failure(.missing): return nil
        case let .failure(failure):
            Log.info("quiet: \(failure); do-not-disturb starts off")
            return nil
        }
    }

    /// Writes `pause`, or removes the file for nil.
    func save(_ pause: QuietState.UserPause?) {
        StateFile.save(pause?.line, to: path, topic: "quiet", lost: "do-not-disturb is not kept across a restart")
    }
}
