import DaemonLog
import ToastCore

/// The desktop's settings (XSETTINGS) as the cards follow them: reduced motion and
/// high-contrast cards change while the daemon runs, as the desktop's own windows do.
extension ToastService {
    /// The desktop's settings changed: the config's `auto` choices follow, and the cards on
    /// screen and an open centre restyle (as at a reload, without reading the file, and
    /// without shutting the centre). A change that turns none of them (a theme renamed but
    /// not high-contrast, GSettings read at start saying what the defaults say) changes nothing.
    /// (The caller settles: screen input, or a read of GSettings.)
    func desktopChanged(now: Double) {
        var config = board.config
        let was = config
        config.desktop = desktopSettings
        guard Self.followed(config) != Self.followed(was) else { return }
        for line in Self.desktopLines(config, was: was) { logRoom.info(\.desktop, line, now: now) }
        let scale = desktopScale(config)
        board.reconfigure(config, now: now)
        stage.reconfigure(config, scale: scale, board: board, now: now)
        board.setRoom(stage.room, now: now)
        center.restyle(config, scale: scale, board: board, now: now)
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
    var desktopSettings: DesktopSettings { screenWatch.desktop.settings }

    /// A read of GSettings has ended: the cards follow it while no XSETTINGS manager speaks.
    func gsettingsRead(_ settings: DesktopSettings, now: Double) {
        changeScreenWatch { $0.desktop.heard(settings) }
        desktopChanged(now: now)
        settle(now)
    }

    /// One line for each choice the desktop's settings turned (all of them at start: `was`
    /// nil), and one when high contrast draws over the user's colours.
    static func desktopLines(_ config: Config, was: Config?) -> [String] {
        var lines: [String] = []
        if was?.reducesMotion != config.reducesMotion, was != nil || config.reducesMotion {
            lines.append(config.reducesMotion ? "reduced motion: cards appear and vanish in place" : "motion: cards slide again")
        }
        if was?.highContrast != config.highContrast, was != nil || config.highContrast {
            lines.append(config.highContrast ? "high contrast: cards use the high-contrast theme" : "high contrast off")
        }
        if let notice = HighContrast.overrideNotice(config), was.map(HighContrast.overrideNotice) != notice {
            lines.append(notice)
        }
        return lines
    }
}
