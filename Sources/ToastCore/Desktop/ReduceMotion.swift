/// `[general] reduce_motion`: whether cards move. Reduced, a card appears and vanishes in its
/// place (fading, where a compositor can fade it), and nothing slides, springs or flies; a
/// swipe still follows the finger, since the user moves it.
public enum ReduceMotion: String, CaseIterable, Sendable {
    /// As the desktop says: `Gtk/EnableAnimations = 0` reduces it.
    case auto
    case yes
    case no

    /// Whether motion is reduced under `desktop`'s settings.
    public func reduces(_ desktop: DesktopSettings) -> Bool {
        switch self {
        case .auto: desktop.enableAnimations == false
        case .yes: true
        case .no: false
        }
    }
}

extension Config {
    /// Cards appear and vanish in place: `reduce_motion` under the desktop's settings.
    public var reducesMotion: Bool { reduceMotion.reduces(desktop) }
}
