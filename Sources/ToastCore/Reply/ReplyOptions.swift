/// What a toast's inline reply looks like (issue 29): the sender asked for one with an action
/// keyed `inline-reply` (the bus) or `--reply` (the socket). The card shows a reply button
/// in that action's place; the field it opens shows `placeholder`, and its send button
/// `submitLabel` (or `submitIcon`, a theme icon name).
public struct ReplyOptions: Equatable, Sendable {
    /// The action key a D-Bus sender marks its reply with (KDE's and SwayNC's).
    public static let actionKey = "inline-reply"
    public static let defaultLabel = "Reply"
    public static let defaultSubmitLabel = "Send"
    /// The send icon's key among a toast's resolved icon files (`Toast.actionIconFiles`).
    public static let sendIconKey = "inline-reply:send"
    /// Bytes of a hint's text kept (placeholder, labels): longer ones are cut.
    public static let maxHintBytes = 256

    /// The reply button's label (the action's label; "Reply" when empty).
    public var label: String
    /// `x-kde-reply-placeholder-text` (socket: `--reply PLACEHOLDER`); empty: none.
    public var placeholder: String
    /// `x-kde-reply-submit-button-text`; nil or empty: "Send".
    public var submitLabel: String?
    /// `x-kde-reply-submit-button-icon-name`; nil or empty: the default (the label).
    public var submitIcon: String?

    public init(label: String = "", placeholder: String = "", submitLabel: String? = nil, submitIcon: String? = nil) {
        self.label = String(Self.clean(label, max: Self.maxHintBytes).prefix(ProtocolLimits.maxActionLabel))
        self.placeholder = Self.clean(placeholder, max: Self.maxHintBytes)
        self.submitLabel = submitLabel.map { String(Self.clean($0, max: Self.maxHintBytes).prefix(ProtocolLimits.maxActionLabel)) }
        self.submitIcon = submitIcon.map { Self.clean($0, max: Self.maxHintBytes) }
    }

    /// The reply button's text.
    public var buttonLabel: String { label.isEmpty ? Self.defaultLabel : label }
    /// The send button's text.
    public var sendLabel: String { submitLabel.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultSubmitLabel }
    /// The send button's icon name; nil: the default (its text).
    public var sendIcon: String? { (submitIcon ?? "").isEmpty ? nil : submitIcon }

    /// One line of sanitized text, cut to `max` bytes at a character boundary (cut before it
    /// is cleaned, so a 16 KiB hint costs what `max` does).
    static func clean(_ text: String, max: Int) -> String {
        let raw = String(ReplyField.rawPrefix(text, bytes: max))
        let line = TextSanitizer.sanitize(raw).split(whereSeparator: \.isNewline).joined(separator: " ")
        return ReplyField.cut(line, to: max)
    }

    /// Splits the reply out of a notification's buttons: the `inline-reply` action becomes
    /// the reply (with the three `x-kde-reply-*` hints), the others stay buttons.
    public static func extract(from actions: [Action], placeholder: String?, submitLabel: String?,
                               submitIcon: String?) -> (actions: [Action], reply: ReplyOptions?) {
        guard let i = actions.firstIndex(where: { $0.id == actionKey }) else { return (actions, nil) }
        var rest = actions
        let action = rest.remove(at: i)
        let label = action.label == actionKey ? "" : action.label
        return (rest, ReplyOptions(label: label, placeholder: placeholder ?? "", submitLabel: submitLabel, submitIcon: submitIcon))
    }
}
