import ToastCore

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
    /// Takes the bytes between newlines a run at a time (not byte by byte: both the daemon's
    /// reads and the client's reply go through here).
    public mutating func append(_ bytes: [UInt8]) -> [Line] {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(_ bytes: ArraySlice<UInt8>) -> [Line] {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let run = UnsafeBufferPointer(rebasing: bytes[start..<(newline ?? bytes.count)])
            if !discarding && !run.isEmpty {
                // One byte over is allowed when it is a CR: a limit-sized line ending in CRLF
                // is the same line as one ending in LF (the CR goes at its newline, and a
                // byte after it makes the line too long).
                let total = pending.count + run.count
                if total > limit && !(total == limit + 1 && run.last == 0x0D) {
                    discarding = true
                    pending.removeAll()
                    lines.append(.tooLong)
                } else {
                    pending.append(contentsOf: run)
                }
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else {
                if pending.last == 0x0D { pending.removeLast() }
                lines.append(.line(pending))
            }
            pending.removeAll(keepingCapacity: true)
            start = newline + 1
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
