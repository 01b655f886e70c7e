/// The open reply field as a screen reader sees it: an ENTRY, child of its card, with the
/// text, caret and editing a text field offers (`org.a11y.atspi.Text`, `EditableText`).
public struct ReplyText: Equatable, Sendable {
    /// The typed text, and the caret in characters (grapheme clusters, as the field counts).
    public var text: String
    public var caret: Int
    /// The card's toast, for an edit made by the screen reader.
    public var toast: String

    /// Characters of the text, AT-SPI's offsets (clamped into it).
    public var characterCount: Int { text.count }

    /// The text from `start` to `end` (AT-SPI's `GetText`; -1 as `end`: to the end).
    public func text(from start: Int, to end: Int) -> String {
        let chars = Array(text)
        let lower = max(0, min(chars.count, start))
        let upper = end < 0 ? chars.count : max(lower, min(chars.count, end))
        return String(chars[lower..<upper])
    }
}

/// An edit asked for by assistive technology (`EditableText`), carried out by the daemon on
/// the open field as typing would be: bounded, cleaned, and the idle timeout starts again.
public enum ReplyEdit: Equatable, Sendable {
    case setText(String)
    case insert(String, at: Int)
    case delete(from: Int, to: Int)
    /// `Text.SetCaretOffset`: the caret to this character offset (clamped), no selection.
    case caret(at: Int)
}

extension ReplyField {
    /// The field after `edit` (character offsets clamped; what would pass `maxBytes` is cut).
    public func applying(_ edit: ReplyEdit) -> ReplyField {
        switch edit {
        case let .setText(text): return ReplyField(text)
        case let .insert(typed, at):
            var chars = text
            let i = max(0, min(chars.count, at))
            var field = ReplyField(String(chars[..<i]))
            field.insert(typed)
            let caretAfter = field.caret
            chars = field.text + chars[i...]
            var whole = ReplyField(String(chars))
            whole.select(from: caretAfter, to: caretAfter)
            return whole
        case let .delete(from, to):
            let lower = max(0, min(text.count, min(from, to))), upper = max(lower, min(text.count, max(from, to)))
            var chars = text
            chars.removeSubrange(lower..<upper)
            var field = ReplyField(String(chars))
            field.select(from: lower, to: lower)
            return field
        case let .caret(at):
            var field = self
            field.select(from: at, to: at)
            return field
        }
    }
}

extension AccessibleTree {
    /// The reply button while the field is closed: a push button whose press opens it.
    func replyButton(_ options: ReplyOptions, card: String, toast: String) -> Node {
        Node(path: card + "_replybutton", role: .pushButton, name: options.buttonLabel, description: "",
             states: [.showing, .visible, .enabled, .sensitive, .focusable], extents: nil, parent: card, children: [],
             press: Press(toast: toast, action: ReplyOptions.actionKey), progress: nil)
    }

    /// The field's ENTRY node under the card at `card`: focused (it has the keyboard), editable,
    /// named by the placeholder or the reply button's label.
    func replyEntry(_ field: ReplyField, _ options: ReplyOptions, card: String, toast: String) -> Node {
        let shown: Set<State> = [.showing, .visible, .enabled, .sensitive, .focusable, .focused, .editable, .multiLine]
        let name = options.placeholder.isEmpty ? options.buttonLabel : options.placeholder
        var node = Node(path: card + "_reply", role: .entry, name: name, description: "", states: shown, extents: nil,
                        parent: card, children: [], press: nil, progress: nil)
        node.text = ReplyText(text: field.string, caret: field.caret, toast: toast)
        return node
    }
}
