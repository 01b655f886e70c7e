/// The activation tokens the server hands an application with the action the user chose
/// (`ActivationToken(id, token)` before `ActionInvoked` on the bus, `"activation_token"` on the
/// socket): X11 startup-notification ids that carry the X server time of the user's click or
/// key. An application raising its window with one (`DESKTOP_STARTUP_ID`,
/// `gtk_window_set_startup_id`, `KStartupInfo`) gets past the window manager's focus-stealing
/// prevention, which compares that time with the user's last input.
///
/// The form is `xtoast-PID-HOST-N_TIME<time>`: GTK (`gdk_x11_display_set_startup_notification_id`)
/// and KDE (`KStartupInfoId::timestamp`) both take the text after the last `_TIME` as the time,
/// KDE only when all of it is a decimal number, so the time ends the id and the host part can
/// hold no `_`. Pure: the daemon gives its pid and host once, the time comes with the input.
public struct ActivationTokens: Equatable, Sendable {
    /// `xtoast-PID-HOST-`: what every token of this daemon starts with.
    public let prefix: String
    /// Tokens made so far: N, so no two are alike even for one click's time.
    public private(set) var issued: UInt64 = 0

    /// The longest host part kept: a name is a few dozen bytes, and the token is a string
    /// applications put in their environment.
    static let maxHostBytes = 64

    public init(pid: Int32, host: String) {
        prefix = "xtoast-\(pid)-\(Self.hostPart(host))-"
    }

    /// The next token, for a click or key at `serverTime` (the X server's milliseconds, a
    /// 32-bit number on the wire).
    public mutating func next(serverTime: UInt) -> String {
        issued &+= 1
        return "\(prefix)\(issued)_TIME\(UInt32(truncatingIfNeeded: serverTime))"
    }

    /// The time in `token` as GTK and KDE read it: the decimal number after its last `_TIME`;
    /// nil when there is none (or anything else follows it).
    public static func serverTime(of token: String) -> UInt32? {
        let bytes = Array(token.utf8), marker = Array("_TIME".utf8)
        guard bytes.count > marker.count,
              let start = (0...(bytes.count - marker.count)).reversed().first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        let digits = bytes[(start + marker.count)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt32(String(decoding: digits, as: UTF8.self))
    }

    /// The host name as the token holds it: letters, digits, `.` and `-` only (no `_`, so no
    /// `_TIME` can hide in it; no space or quote for the startup-notification messages that
    /// quote ids), at most `maxHostBytes`; `localhost` when nothing is left.
    static func hostPart(_ host: String) -> String {
        let kept = host.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-") }
        let part = String(String.UnicodeScalarView(kept.prefix(maxHostBytes)))
        return part.isEmpty ? "localhost" : part
    }
}
