import ToastCore

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
    /// Every byte that is not a safe file-name character becomes "_". Worked on bytes, not
    /// characters: the client computes it on every launch, and grapheme breaking and Unicode
    /// properties are pages of the standard library it would otherwise touch.
    public static func displayTag(_ display: String?) -> String {
        guard let display, !display.isEmpty else { return "nodisplay" }
        var d = Array(display.utf8)
        if d.starts(with: "unix:".utf8) { d.removeFirst(4) }
        if let colon = d.lastIndex(of: UInt8(ascii: ":")) {
            var number = d[(colon + 1)...]
            if let dot = number.firstIndex(of: UInt8(ascii: ".")) { number = number[..<dot] }
            d = Array(d[...colon]) + number
        }
        if d.first == UInt8(ascii: ":") { d.removeFirst() }
        return String(decoding: d.map { isSafe($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }
}
