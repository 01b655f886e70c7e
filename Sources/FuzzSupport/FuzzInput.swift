/// Turns a fuzzer's bytes into choices, so one input drives many parameters at once.
///
/// Each read takes bytes from the front; once they run out every read returns its smallest
/// value, so a short input is still a whole, valid case (libFuzzer starts from empty inputs and
/// grows them, and every prefix must mean something).
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A whole number in `range`, from two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    /// A number in `range`, from two bytes (65 536 steps, both ends reachable).
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        let raw = Double(Int(byte()) << 8 | Int(byte())) / 65_535
        return range.lowerBound + raw * (range.upperBound - range.lowerBound)
    }

    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// A string of up to `maxBytes` bytes of the input (invalid UTF-8 repaired, as a socket
    /// reader's `String(decoding:)` would), length from one byte scaled to `maxBytes`.
    public mutating func string(maxBytes: Int) -> String {
        let wanted = Int(byte()) * maxBytes / 255
        let count = min(wanted, bytes.count - min(index, bytes.count))
        defer { index += count }
        return String(decoding: bytes[min(index, bytes.count)..<min(index, bytes.count) + count], as: UTF8.self)
    }

    /// Everything not read yet, as text.
    public mutating func rest() -> String {
        let start = min(index, bytes.count)
        index = bytes.count
        return String(decoding: bytes[start...], as: UTF8.self)
    }
}

/// Stops the fuzzer with a message: a broken promise is a finding, like a trap.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz check failed: \(message())") }
}
