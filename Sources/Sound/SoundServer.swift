#if canImport(Glibc)
import Glibc
#endif
import Transport

/// Where the desktop's sound server listens, found without connecting to it: the daemon
/// advertises `sound` while its socket is there, and loads libcanberra only when a toast
/// sounds, so a session without a sound server (or a daemon that never plays one) pays nothing.
///
/// PulseAudio and PipeWire's pulse server both listen at `$XDG_RUNTIME_DIR/pulse/native`;
/// `PULSE_SERVER` names another (`unix:/path`, or a network address, taken on trust).
///
///     SoundServer.place(pulseServer: nil, runtimeDirectory: "/run/user/1000")
///     // .socket("/run/user/1000/pulse/native")
public enum SoundServer {
    /// Where to look for the server.
    public enum Place: Equatable, Sendable {
        /// A local socket at this path.
        case socket(String)
        /// A network address (`PULSE_SERVER=tcp:host`), which only connecting can check.
        case remote
        /// Nowhere (no `XDG_RUNTIME_DIR`): no server to find.
        case nowhere
    }

    public static func place(pulseServer: String?, runtimeDirectory: String?) -> Place {
        if let server = pulseServer, !server.isEmpty {
            // A list of servers is tried in order: the first names where to look.
            let first = server.split(separator: " ").first.map(String.init) ?? server
            if first.hasPrefix("unix:") { return .socket(String(first.dropFirst(5))) }
            if first.hasPrefix("/") { return .socket(first) }
            return .remote
        }
        guard let runtime = runtimeDirectory, !runtime.isEmpty else { return .nowhere }
        return .socket(runtime + "/pulse/native")
    }

    /// Whether a sound server seems to listen now: its socket exists (or it is remote).
    /// The corresponding C function is `stat`.
    public static func isThere() -> Bool {
        switch place(pulseServer: Environment.get("PULSE_SERVER"), runtimeDirectory: Environment.get("XDG_RUNTIME_DIR")) {
        case .remote: return true
        case .nowhere: return false
        case let .socket(path):
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
        }
    }
}
