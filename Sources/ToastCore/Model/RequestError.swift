/// A request that could not be accepted; `message` is what the client is told.
public struct RequestError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
