/// Who showed a toast, and so hears what happens to it: a socket connection today, a bus
/// client next. The model never sees a file descriptor, only this value.
public struct Owner: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Where the owner's requests come from; each source numbers its owners itself.
    public enum Source: String, Hashable, Comparable, Sendable {
        case socket, bus
        public static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    public let source: Source
    public let number: UInt64

    public init(_ source: Source, _ number: UInt64) {
        self.source = source
        self.number = number
    }

    public static func < (a: Owner, b: Owner) -> Bool { (a.source, a.number) < (b.source, b.number) }
    public var description: String { "\(source.rawValue)#\(number)" }
}

/// Where a stack lives: a monitor (by name; "" is whichever monitor comes first) and a
/// position on it.
public struct StackKey: Hashable, Sendable, CustomStringConvertible {
    public var monitor: String
    public var position: Position

    public init(monitor: String = "", position: Position) {
        self.monitor = monitor
        self.position = position
    }

    public var description: String { "\(monitor.isEmpty ? "-" : monitor)/\(position.rawValue)" }
}
