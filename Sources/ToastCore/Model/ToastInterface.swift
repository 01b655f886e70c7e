/// Which bus interface a desktop notification arrived through, beside its `ToastSource`
/// (`dbus`, which rules' `match source` keeps reading): `list`, `history`, the socket's
/// events and the history file name it `"interface"`. Socket toasts have none.
public enum ToastInterface: String, CaseIterable, Sendable {
    /// `org.freedesktop.Notifications.Notify`.
    case freedesktop
    /// `org.gtk.Notifications.AddNotification` (GLib's `GNotification`).
    case gtk
    /// `org.freedesktop.impl.portal.Notification` (sandboxed apps through xdg-desktop-portal).
    case portal
}
