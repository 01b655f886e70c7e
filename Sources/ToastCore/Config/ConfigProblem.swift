/// Why a line could not be used; becomes a diagnostic's message.
package struct ConfigProblem: Error {
    package let message: String
    package init(_ message: String) { self.message = message }
}
