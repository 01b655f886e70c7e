import Operations
import ToastCore

/// `xtoastd --replace` on a display whose daemon still runs: the new daemon asks the old one,
/// over their socket, to hand over (`{"op":"handover"}`). The old one agrees only when the
/// caller is the same program run by the same user; then its loop ends, its toasts end with
/// `replaced` (bus reason 4, sent while it still owns the bus name), its clients get their
/// last events, and it lets go of the socket, its lock, the keys and the history file and
/// exits 0, so the new daemon takes them all (`SocketTakeOver`).
extension ToastService {
    /// Answers `handover` from `caller` (the kernel's word for the peer; nil when unknown)
    /// to this daemon, `own`. Granted only when `PeerIdentity.mayTakeOver` says so; then
    /// `handingOver` is set (`Continuity`) and the daemon's loop ends after this turn. Refused, nothing changes.
    func handOverRequest(from caller: PeerIdentity?, own: PeerIdentity?) -> Reply {
        guard grantHandOver(to: caller, own: own) else {
            return .error("handover is only for xtoastd --replace (the same user running the same executable)")
        }
        return .ok(id: nil)
    }
}
