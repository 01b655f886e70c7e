/// Where a toast came from: a rule can tell a script's toast from a desktop notification.
/// The cases are named as `Owner.Source`'s are; the bus's is spelled `dbus` where users and
/// files read it (a rule's `match source = dbus`, a request's `"source"`, the history file).
public enum ToastSource: String, CaseIterable, Sendable {
    /// A client of xtoast's own socket (`xtoast show`, a script).
    case socket
    /// A desktop notification (`org.freedesktop.Notifications.Notify` on the session bus).
    case bus = "dbus"
}
