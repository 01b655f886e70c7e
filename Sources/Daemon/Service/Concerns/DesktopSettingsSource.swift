import ToastCore

/// Where the desktop's settings come from: its XSETTINGS, or, while no XSETTINGS manager
/// runs, what GSettings said at the last read (`gsettings get`, in child processes at start
/// and at each reload).
struct DesktopSettingsSource {
    /// What XSETTINGS said last: at start (`ScreenFacts`), then each `.desktopSettingsChanged`.
    private(set) var xsettings = DesktopSettings()
    /// What GSettings said at the last read (nil: not read yet).
    private(set) var gsettings: DesktopSettings?
    /// Starts a read of GSettings (the daemon points it at its reader).
    var read: () -> Void = {}

    /// What the desktop says now.
    var settings: DesktopSettings {
        guard xsettings.noManager, let gsettings else { return xsettings }
        return gsettings
    }

    /// XSETTINGS said `settings` (at start, or a change).
    mutating func heardXSettings(_ settings: DesktopSettings) { xsettings = settings }

    /// A read of GSettings ended with `settings`.
    mutating func heard(_ settings: DesktopSettings) { gsettings = settings }
}
