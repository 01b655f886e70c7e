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

/// A show request carrying the given optional fields.
func showRequest(message: String = "m", title: String? = nil, style: CardStyle? = nil, markup: Bool = false,
                 icon: String? = nil, actions: [Action] = [], defaultAction: String? = nil,
                 progress: Double? = nil, urgency: Urgency? = nil) -> ShowRequest {
    var s = ShowRequest(message: message, title: title)
    s.style = style
    s.markup = markup
    s.icon = icon
    s.actions = actions
    s.defaultAction = defaultAction
    s.progress = progress
    s.urgency = urgency
    return s
}

func decode(_ line: String) -> Result<Request, RequestError> {
    Request.decode(line: Array(line.utf8))
}

/// The decoded request (records an issue when the line is refused).
func decoded(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Request? {
    switch decode(line) {
    case let .success(request): return request
    case let .failure(error):
        Issue.record("expected \(line) to decode, got: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Fixed advances standing in for Xft: 7 px per character, 8 in bold, line height 17, ascent 13,
/// all multiplied by `scale` as a font opened at that scale would be.
struct FixedMetrics: TextMetrics {
    var scale = 1.0
    func width(of text: String, style: FontStyle) -> Double { Double(text.count) * (style.bold ? 8 : 7) * scale }
    func fontIndex(for c: Character, style: FontStyle) -> Int { 0 }
    var lineHeight: Double { 17 * scale }
    var ascent: Double { 13 * scale }
}
