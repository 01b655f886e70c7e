import DaemonLog
import ToastCore

/// The desktop's settings (XSETTINGS) as the cards follow them: reduced motion and
/// high-contrast cards change while the daemon runs, as the desktop's own windows do.
extension ToastService {
    /// The desktop's settings changed: the config's `auto` choices follow, and the cards on
    /// screen restyle (as at a reload, without reading the file).
    func desktopChanged(now: Double) {
        var config = board.config
        let was = config
        config.desktop = desktopSettings
        guard config != was else { return }
        Self.logDesktop(config, was: was)
        let scale = desktopScale(config)
        board.reconfigure(config, now: now)
        stage.reconfigure(config, scale: scale, board: board, now: now)
        board.setRoom(stage.room, now: now)
        center.reconfigure(config, scale: scale)
        settle(now)
    }

    /// What the desktop says: its XSETTINGS, or, while no XSETTINGS manager runs, what
    /// GSettings said at the last read (`gsettings get`, at start and at a reload).
    var desktopSettings: DesktopSettings {
        let xsettings = screen.desktopSettings
        guard xsettings.noManager, let gsettings = gsettingsDesktop else { return xsettings }
        return gsettings
    }

    /// A read of GSettings has ended: the cards follow it while no XSETTINGS manager speaks.
    func gsettingsRead(_ settings: DesktopSettings, now: Double) {
        gsettingsDesktop = settings
        desktopChanged(now: now)
    }

    /// One line for each choice the desktop's settings turned (all of them, at start and
    /// at a reload: `was` nil), and one when high contrast draws over the user's colours.
    static func logDesktop(_ config: Config, was: Config?) {
        if was?.reducesMotion != config.reducesMotion, was != nil || config.reducesMotion {
            Log.info(config.reducesMotion ? "reduced motion: cards appear and vanish in place" : "motion: cards slide again")
        }
        if was?.highContrast != config.highContrast, was != nil || config.highContrast {
            Log.info(config.highContrast ? "high contrast: cards use the high-contrast theme" : "high contrast off")
        }
        if let notice = HighContrast.overrideNotice(config), was.map(HighContrast.overrideNotice) != notice {
            Log.info(notice)
        }
    }
}
