/// What a button is for, as the portal's version 2 `purpose` names it (and `GNotification`'s
/// buttons, and the freedesktop action keys that mean the same): it picks the button's look,
/// place, focus-mode key and accessible name, and what a category does with it. Unknown
/// purposes are no purpose: the button is an ordinary one.
public enum ButtonPurpose: String, CaseIterable, Sendable {
    case accept = "call.accept"
    case decline = "call.decline"
    case hangUp = "call.hang-up"
    case enableSpeakerphone = "call.enable-speakerphone"
    case disableSpeakerphone = "call.disable-speakerphone"
    /// The button opens the inline reply field; its text goes back with the action.
    case replyWithText = "im.reply-with-text"
    /// The portal's alert without a label: it draws no button.
    case customAlert = "system.custom-alert"
}

extension ButtonPurpose {
    /// The purpose a freedesktop action key means, as call apps name their buttons (the
    /// specification names no purposes; these keys are what GNOME Calls, Dino and the
    /// KDE Connect plugins send); nil for any other key.
    public init?(actionKey key: String) {
        switch key {
        case "accept", "answer": self = .accept
        case "decline", "reject": self = .decline
        case "hang-up", "hangup": self = .hangUp
        default: return nil
        }
    }

    /// The label a button with this purpose and no label of its own shows; nil where the
    /// purpose has none (the key is shown then, as for any button).
    public var defaultLabel: String? {
        switch self {
        case .accept: "Accept"
        case .decline: "Decline"
        case .hangUp: "Hang up"
        case .enableSpeakerphone, .disableSpeakerphone, .replyWithText, .customAlert: nil
        }
    }

    /// The colour its button is drawn in, over the toast's: a call's answer reads as yes
    /// (success) and its refusals as no (error), whatever the toast's kind.
    public var kind: Kind? {
        switch self {
        case .accept: .success
        case .decline, .hangUp: .error
        case .enableSpeakerphone, .disableSpeakerphone, .replyWithText, .customAlert: nil
        }
    }

    /// What a screen reader says for the button, before its label: the purpose in words,
    /// since an icon or a terse label ("✓") does not say it.
    public var accessibleName: String? {
        switch self {
        case .accept: "Accept call"
        case .decline: "Decline call"
        case .hangUp: "Hang up"
        case .enableSpeakerphone: "Speakerphone on"
        case .disableSpeakerphone: "Speakerphone off"
        case .replyWithText, .customAlert: nil
        }
    }

    /// `actions` in the order the card draws them: Accept rightmost, where the eye and the
    /// pointer end a row (as phones put the green button), the others in the sender's order.
    public static func placed(_ actions: [Action]) -> [Action] {
        guard actions.contains(where: { $0.purpose == .accept }) else { return actions }
        return actions.filter { $0.purpose != .accept } + actions.filter { $0.purpose == .accept }
    }

    /// The button focus mode's Return presses on `actions` (Accept), and Delete's (Decline,
    /// else Hang up); nil when none has that purpose.
    public static func enterKey(_ actions: [Action]) -> String? { actions.first { $0.purpose == .accept }?.id }
    public static func deleteKey(_ actions: [Action]) -> String? {
        (actions.first { $0.purpose == .decline } ?? actions.first { $0.purpose == .hangUp })?.id
    }
}
