/// What becomes of the toasts a killed daemon left live (`[center] restore_after_crash`), read
/// from its `LiveJournal` by the next daemon. Each is kept in history as ended `crashed`.
public enum CrashRestore: String, CaseIterable, Sendable {
    /// Unread entries of the centre, with their buttons: nothing on screen is lost unseen.
    case center
    /// Critical toasts and those that asked for no timeout show again as cards (as `restore`
    /// shows an entry); the rest as `center`.
    case cards
    /// Into history as read entries: the centre's count does not rise after a crash.
    case no

    /// Whether a restored toast shows again as a card.
    public func showsCard(_ toast: Toast) -> Bool {
        self == .cards && (toast.urgency == .critical || toast.timeout == 0)
    }
}
