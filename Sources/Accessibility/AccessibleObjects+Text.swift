import SDBus
import ToastCore

/// The open reply field's `org.a11y.atspi.Text` and `EditableText` (issue 29): what a screen
/// reader reads of the typed text and how it edits it. Offsets are characters, as the field
/// counts them; an edit is the host's to carry out (`AccessibilityHost.editReply`), as typing.
extension AccessibleObjects {
    // `text` is `AccessibleControls`' (the filter's and the labels' Text too).
    static let editableText = "org.a11y.atspi.EditableText"
}

extension AccessibilityBus {
    /// Bytes of a text argument read at most: the field's bound and one scalar more, so the
    /// field cuts at a whole character as it would have cut the whole string.
    static let maxTextBytes = ReplyField.maxBytes + 4
    /// Edits (`SetTextContents`, `InsertText`, `DeleteText`) carried out per loop turn at most:
    /// each redraws the field, so the rest of a flood waits for the next turn, and a socket
    /// ping between them is answered.
    static let textEditsPerTurn = 4

    /// One Text or EditableText call; nil when `member` is none of theirs.
    func serveText(_ member: String, _ field: ReplyText, _ message: BusMessage) -> HandlerResult? {
        func int() -> Int32? { try? message.readInt32() }
        /// The string argument cut to `maxTextBytes` before it is copied: the field keeps
        /// 4 KiB, and a 64 MiB `SetTextContents` costs no more than that.
        func string() -> String? { try? message.readString(maxBytes: AccessibilityBus.maxTextBytes) }
        func yes() -> HandlerResult { message.reply { try $0.append(true) } }
        switch member {
        case "GetText":
            guard let start = int(), let end = int() else { return invalid }
            return message.reply { try $0.append(field.text(from: Int(start), to: Int(end))) }
        case "GetCharacterAtOffset":
            guard let offset = int() else { return invalid }
            let c = field.text(from: Int(offset), to: Int(offset) + 1).unicodeScalars.first.map { Int32(bitPattern: $0.value) } ?? 0
            return message.reply { try $0.append(c) }
        case "SetCaretOffset":
            guard let offset = int() else { return invalid }
            let r = yes()
            host.editReply(.caret(at: Int(offset)), toast: field.toast)
            return r
        case "GetNSelections":
            return message.reply { try $0.append(Int32(0)) }
        case "SetTextContents":
            guard let text = string() else { return invalid }
            let r = yes()
            textEdits += 1
            host.editReply(.setText(text), toast: field.toast)
            return r
        case "InsertText":
            guard let position = int(), let text = string(), let length = int() else { return invalid }
            // `length` is in bytes of `text` (ATK's); a negative one is all of it (as cut).
            let bytes = Array(text.utf8)
            let used = length < 0 ? bytes.count : min(bytes.count, Int(length))
            let r = yes()
            textEdits += 1
            host.editReply(.insert(String(decoding: bytes.prefix(used), as: UTF8.self), at: Int(position)), toast: field.toast)
            return r
        case "DeleteText":
            guard let start = int(), let end = int() else { return invalid }
            let r = yes()
            textEdits += 1
            host.editReply(.delete(from: Int(start), to: Int(end)), toast: field.toast)
            return r
        default:
            return nil
        }
    }
}
