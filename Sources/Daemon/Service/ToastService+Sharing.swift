import DaemonLog
import ToastCore

/// Quiet while the screen is shared: the screen reports other clients' top-level windows
/// (`.topLevelWindowsChanged`), ToastCore says which match `[quiet] while_window`, and
/// quiet holds while any does (`QuietState.sharing`), as a plain pause does.
extension ToastService {
    /// The titles of the windows that say the screen is shared, under `config`'s patterns.
    func sharingWindows(_ config: Config) -> [String] {
        screenWatch.topLevelWindows.matching(config.quiet.sharingPatterns)
    }

    /// A window came, went or was renamed: quiet is decided again when the matches changed.
    /// (Screen input: the caller settles.)
    func sharingChanged(now: Double) {
        let matching = sharingWindows(board.config)
        let was = quiet.state.sharing
        guard matching != was else { return }
        if matching.isEmpty {
            logRoom.info(\.sharing, "screen sharing ended: quiet no longer held for it", now: now)
        } else if was.isEmpty {
            logRoom.info(\.sharing, "screen sharing: \(Log.quoted(matching[0])) is mapped; quiet holds while it is", now: now)
        }
        changeQuiet(now: now) { $0.share(matching) }
    }
}
