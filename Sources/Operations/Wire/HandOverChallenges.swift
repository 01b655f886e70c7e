import ToastCore

/// The bus side of `xtoastd --replace`: the bus never says which process sent a call (dbus
/// records a pid when a connection is made, and a program can fork after that), so the holder
/// of the name answers `HandOverChallenge` with a nonce, and ends its toasts only when the
/// same pid brings it back over the holder's socket (`bushandover`), where the kernel names
/// the process that connected and every process that wrote.
///
///     var challenges = HandOverChallenges()
///     let nonce = challenges.issue(to: 4242, now: 10)
///     challenges.redeem(nonce, by: 4243, now: 11)   // false: another process; the nonce is spent
public struct HandOverChallenges: Sendable {
    /// How long a nonce may wait for its proof: the successor sends it at once, and waits
    /// for the answer at most `NotificationBus.handOverTimeout` (2 s).
    public static let validity: Double = 5
    /// Nonces kept at once: any bus client may ask in a loop; the oldest go first.
    public static let capacity = 8

    private struct Challenge {
        var nonce: String
        var pid: Int32
        var expires: Double
    }

    private var pending: [Challenge] = []

    public init() {}

    /// A fresh nonce for the bus caller with `pid` (as the bus recorded it).
    public mutating func issue(to pid: Int32, now: Double) -> String {
        pending.removeAll { $0.expires <= now }
        if pending.count >= Self.capacity { pending.removeFirst(pending.count - Self.capacity + 1) }
        let nonce = HandOverNonce.make()
        pending.append(Challenge(nonce: nonce, pid: pid, expires: now + Self.validity))
        return nonce
    }

    /// Whether `nonce` was issued to `pid` and has not expired. A nonce is spent by any
    /// attempt, right or wrong, so a refused proof cannot be retried by another process.
    public mutating func redeem(_ nonce: String, by pid: Int32, now: Double) -> Bool {
        guard let index = pending.firstIndex(where: { $0.nonce == nonce }) else { return false }
        let challenge = pending.remove(at: index)
        return challenge.pid == pid && challenge.expires > now
    }
}

/// A one-time random token: 128 bits from the system's generator (getrandom on Linux), as hex.
public enum HandOverNonce {
    public static let length = 32

    /// Whether `nonce` is one as `make` writes them: what a successor checks before it sends
    /// a holder's answer on, and what `bushandover` accepts.
    public static func isWellFormed(_ nonce: String) -> Bool {
        nonce.utf8.count == length && nonce.utf8.allSatisfy(isDigit)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<(length / 16) {
            var word = generator.next()
            for _ in 0..<16 {
                bytes.append(hex[Int(word & 0xf)])
                word >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
