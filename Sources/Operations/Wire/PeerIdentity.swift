import ToastCore

/// A local process as the kernel (`SO_PEERCRED`) or the bus (`GetConnectionCredentials`)
/// names it: its user and its executable. What decides who may make a running daemon hand
/// over: its bus toasts (`HandOver`) or everything it holds (the socket's `handover`).
public struct PeerIdentity: Equatable, Sendable {
    public var uid: UInt32
    /// The executable's path (`/proc/PID/exe`), without the kernel's " (deleted)" mark: a
    /// daemon whose file an upgrade replaced is still the same program as the new one.
    public var executable: String

    public static let deletedMark = " (deleted)"

    public init(uid: UInt32, executable: String) {
        self.uid = uid
        self.executable = executable.hasSuffix(Self.deletedMark) ? String(executable.dropLast(Self.deletedMark.count)) : executable
    }

    /// Whether this caller may make `daemon` hand over: only the same program run by the same
    /// user (an `xtoastd --replace`), never another client of the bus or the socket, however
    /// it names itself. An unknown executable (the caller has already gone) is refused.
    public func mayTakeOver(from daemon: PeerIdentity) -> Bool {
        uid == daemon.uid && !executable.isEmpty && executable == daemon.executable
    }
}
