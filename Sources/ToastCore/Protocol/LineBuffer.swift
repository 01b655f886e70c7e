/// Splits a byte stream into protocol lines, refusing lines over a limit without losing the next.
///
/// A line over the limit is reported once as `.tooLong` and its bytes are dropped until its
/// newline, so a client that sent a huge line keeps its connection and its later requests.
public struct LineBuffer: Sendable {
    public enum Line: Equatable, Sendable {
        case line([UInt8])
        case tooLong
    }

    private var pending: [UInt8] = []
    private var discarding = false
    public let limit: Int

    public init(limit: Int = ProtocolLimits.maxLineBytes) { self.limit = limit }

    /// Appends bytes read from the socket and returns the complete lines they finish.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) -> [Line] where Bytes.Element == UInt8 {
        var lines: [Line] = []
        for byte in bytes {
            if byte == 0x0A {
                if discarding {
                    discarding = false
                } else {
                    if pending.last == 0x0D { pending.removeLast() }
                    lines.append(.line(pending))
                }
                pending.removeAll(keepingCapacity: true)
            } else if !discarding {
                pending.append(byte)
                // One byte over is allowed when it is a CR: a limit-sized line ending in CRLF
                // is the same line as one ending in LF (the CR goes at its newline).
                if pending.count > limit, !(pending.count == limit + 1 && byte == 0x0D) {
                    discarding = true
                    pending.removeAll()
                    lines.append(.tooLong)
                }
            }
        }
        return lines
    }

    /// True when a partial line is waiting for its newline.
    public var hasPartialLine: Bool { !pending.isEmpty }

    /// At the end of input: the last line, when it had no newline (nil when there is none,
    /// or when it was too long and already reported).
    public mutating func finish() -> Line? {
        defer {
            pending.removeAll()
            discarding = false
        }
        guard !discarding, !pending.isEmpty else { return nil }
        if pending.last == 0x0D { pending.removeLast() }
        return .line(pending)
    }
}
