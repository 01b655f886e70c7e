/// A problem found in a config file, reported like a compiler error so editors can jump to it.
public struct ConfigDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
