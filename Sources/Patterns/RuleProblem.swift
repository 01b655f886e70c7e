/// Why a rule (or one of its lines) cannot be used; becomes a `FILE:LINE:` diagnostic. The
/// pattern engine words its refusals as one (`PosixRegex.init`), so it is declared here.
public struct RuleProblem: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
