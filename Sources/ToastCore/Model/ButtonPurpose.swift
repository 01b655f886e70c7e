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
