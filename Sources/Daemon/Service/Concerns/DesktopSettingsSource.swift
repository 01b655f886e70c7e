import ToastCore

/// Where the desktop's settings come from: its XSETTINGS, or, while no XSETTINGS manager
/// runs, what GSettings said at the last read (`gsettings get`, in child processes at start
/// and at each reload).
struct DesktopSettingsSource {
    /// What GSettings said at the last read (nil: not read yet).
    private(set) var gsettings: DesktopSettings?
    /// Starts a read of GSettings (the daemon points it at its reader).
    var read: () -> Void = {}

    /// What the desktop says, given what XSETTINGS says now.
    func settings(xsettings: DesktopSettings) -> DesktopSettings {
        guard xsettings.noManager, let gsettings else { return xsettings }
        return gsettings
    }

    /// A read of GSettings ended with `settings`.
    mutating func heard(_ settings: DesktopSettings) { gsettings = settings }
}
