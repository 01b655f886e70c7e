import DaemonLog
import ToastCore

/// The desktop's settings (XSETTINGS) as the cards follow them: reduced motion and
/// high-contrast cards change while the daemon runs, as the desktop's own windows do.
extension ToastService {
    /// The desktop's settings changed: the config's `auto` choices follow, and the cards on
    /// screen restyle (as at a reload, without reading the file). A change that turns none of
    /// them (a theme renamed but not high-contrast, GSettings read at start saying what the
    /// defaults say) changes nothing: restyling would shut an open centre for nothing.
    func desktopChanged(now: Double) {
        var config = board.config
        let was = config
        config.desktop = desktopSettings
        guard Self.followed(config) != Self.followed(was) else { return }
        Self.logDesktop(config, was: was)
        let scale = desktopScale(config)
        board.reconfigure(config, now: now)
        stage.reconfigure(config, scale: scale, board: board, now: now)
        board.setRoom(stage.room, now: now)
        center.reconfigure(config, scale: scale)
        settle(now)
    }

    /// What the cards take from the desktop's settings.
    static func followed(_ config: Config) -> Followed {
        Followed(reducesMotion: config.reducesMotion, highContrast: config.highContrast, caretHalfPeriod: config.caretHalfPeriod)
    }

    struct Followed: Equatable {
        var reducesMotion: Bool
        var highContrast: Bool
        var caretHalfPeriod: Double?
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
