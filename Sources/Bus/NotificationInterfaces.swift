import SDBus

/// The interfaces on `/org/freedesktop/Notifications` that `NotificationBus` answers, as
/// sd-bus checks each call's signature against them (a wrong one gets
/// `org.freedesktop.DBus.Error.InvalidArgs` before Swift sees it) and answers `Introspect`
/// from them. dunst's is `DunstInterface.interface`.
enum NotificationInterfaces {
    /// org.freedesktop.Notifications, specification 1.2, and KDE Plasma's inhibitions beside
    /// it: applications ask for quiet (xdg-desktop-portal-kde while a screen is shared) and
    /// read whether it is quiet.
    static let notifications = BusInterface(NotificationBus.name, [
        .method("Notify", takes: "susssasa{sv}i",
                names: ["app_name", "replaces_id", "app_icon", "summary", "body", "actions", "hints", "expire_timeout"],
                returns: "u", resultNames: ["id"]),
        .method("CloseNotification", takes: "u", names: ["id"], returns: ""),
        .method("GetCapabilities", takes: "", returns: "as", resultNames: ["capabilities"]),
        .method("GetServerInformation", takes: "", returns: "ssss", resultNames: ["name", "vendor", "version", "spec_version"]),
        .method("Inhibit", takes: "ssa{sv}", names: ["desktop_entry", "reason", "hints"], returns: "u", resultNames: ["cookie"]),
        .method("UnInhibit", takes: "u", names: ["cookie"], returns: ""),
        .property("Inhibited", "b", change: .emits),
        .signal("NotificationClosed", "uu", names: ["id", "reason"]),
        .signal("ActionInvoked", "us", names: ["id", "action_key"]),
        .signal("ActivationToken", "us", names: ["id", "activation_token"]),
    ])

    /// xtoast's own interface beside the specification's, on the same object:
    /// `HandOverChallenge` is what `xtoastd --replace` calls on the running server before it
    /// asks for the name. The answer is a one-time nonce and that server's socket; the caller
    /// brings the nonce back over the socket, where the kernel names the writer, and only then
    /// does that server end its D-Bus toasts, while it still owns the name, so every client hears it.
    static let daemon = BusInterface(NotificationBus.daemonInterface, [
        .method("HandOverChallenge", takes: "", returns: "ss", resultNames: ["nonce", "socket"]),
    ])
}
