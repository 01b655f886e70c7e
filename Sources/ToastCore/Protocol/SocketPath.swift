/// Where the daemon listens, derived the same way by daemon and client.
///
/// `XTOAST_SOCKET` wins. Otherwise one socket per X display under `$XDG_RUNTIME_DIR`, so two
/// X servers never share one; without it, a private directory in /tmp that only the user may
/// enter (the caller creates it with mode 0700 and checks its owner).
public enum SocketPath {
    public struct Resolved: Equatable, Sendable {
        public var path: String
        /// A directory to create 0700 (and verify) before using `path`; nil when not ours to make.
        public var privateDirectory: String?
    }

    public static func resolve(override: String?, runtimeDir: String?, display: String?, uid: UInt32) -> Resolved {
        if let override, !override.isEmpty { return Resolved(path: override, privateDirectory: nil) }
        let name = "xtoast-\(displayTag(display)).sock"
        if let runtimeDir, !runtimeDir.isEmpty { return Resolved(path: "\(runtimeDir)/\(name)", privateDirectory: nil) }
        let dir = "/tmp/xtoast-\(uid)"
        return Resolved(path: "\(dir)/\(name)", privateDirectory: dir)
    }

    /// ":0", ":0.0" and "unix:0" are the same server; the screen number does not matter.
    /// Anything that is not a safe file-name character becomes "_".
    public static func displayTag(_ display: String?) -> String {
        guard var d = display, !d.isEmpty else { return "nodisplay" }
        if d.hasPrefix("unix:") { d.removeFirst(4) }
        if let colon = d.lastIndex(of: ":") {
            let host = d[..<colon]
            var number = d[d.index(after: colon)...]
            if let dot = number.firstIndex(of: ".") { number = number[..<dot] }
            d = host + ":" + number
        }
        if d.hasPrefix(":") { d.removeFirst() }
        return String(d.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
    }
}
