import Testing
import ToastCore

// Helpers shared by the unit tests.

func toast(_ id: String, timeout: Double = 4, urgency: Urgency = .normal, message: String = "message") -> Toast {
    Toast(id: id, message: message, timeout: timeout, urgency: urgency)
}

func visibleIDs(_ stack: ToastStack) -> [String] { stack.visible.map(\.toast.id) }
func waitingIDs(_ stack: ToastStack) -> [String] { stack.waiting.map(\.toast.id) }
func removedIDs(_ change: ToastStack.Change) -> [String] { change.removed.map(\.id) }
func removedReasons(_ change: ToastStack.Change) -> [DismissReason] { change.removed.map(\.reason) }

extension ToastStack.Change {
    /// Nothing shown, queued, removed or replaced.
    var isNothing: Bool { shown.isEmpty && queued.isEmpty && removed.isEmpty && replaced == nil }
}

/// Parses a command line that must be valid; a usage error is recorded as a test issue.
func parse(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Command? {
    do {
        return try CommandParser.parse(args)
    } catch {
        Issue.record("unexpected usage error: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}
