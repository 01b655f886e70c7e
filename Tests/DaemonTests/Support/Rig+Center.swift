@testable import Daemon
import ToastCore

/// What the centre's suites ask of the rig: the panel, where it draws a text, opening it and
/// its keys.
extension Rig {
    /// A config whose centre lists every entry on its own (no groups by app).
    static let ungrouped: Config = {
        var c = Config.default
        c.center.group = .none
        return c
    }()

    /// The panel's surface: the live one showing its title.
    var centerPanel: (id: SurfaceID, surface: FakeOutput.Surface)? { surface(showing: "\"Notifications\"") }

    /// Where the panel draws `text`, on the root window; nil when it is not drawn.
    func placeInCenter(of text: String) -> Point? {
        guard let (_, surface) = centerPanel, let scene = surface.scene else { return nil }
        return scene.ops.compactMap { op -> Point? in
            if case let .text(block, origin, _) = op, block.text == text {
                return Point(x: surface.origin.x + origin.x + 3, y: surface.origin.y + origin.y + 3)
            }
            return nil
        }.first
    }

    /// Opens the centre (`xtoast center open`) and lets its slide end.
    func openCenter() {
        request(#"{"op":"center","action":"open"}"#)
        wait(1)
    }

    /// A key as the screen reports it to whoever holds the keyboard.
    func key(_ stroke: KeyStroke) { input(.key(stroke)) }
}
