import ToastCore

/// The snooze menu beside a card, on screen: a small surface of its own (a card is often too
/// short for three rows, and the menu must not cover the card it is about), painted from
/// `SnoozeMenuLayout`, mapped above the cards. What its keys and clicks mean is
/// `SnoozeMenu`'s; the service holds the keyboard and pointer for it (`Grab.panel`) while it
/// is open, so Escape and a press anywhere else close it.
final class SnoozePopup {
    private let output: any Surfaces & Resources
    private(set) var menu: SnoozeMenu
    let surface: SurfaceID
    /// The surface's frame on screen.
    let frame: Rect
    private var composed: SnoozeMenuLayout.Composed
    private var layout: SnoozeMenuLayout

    /// Opens `menu` for a press at `pointer` (or beside the card the keyboard chose) on `monitor`.
    init(_ menu: SnoozeMenu, at pointer: Point, monitor: Rect, output: any Surfaces & Resources, composer: CardComposer) {
        self.output = output
        self.menu = menu
        layout = SnoozeMenuLayout(composer: composer, metrics: output.textMetrics)
        let (scene, composed) = layout.scene(menu)
        self.composed = composed
        let origin = SnoozeMenuLayout.place(scene.size, at: pointer, on: monitor)
        frame = Rect(x: origin.x, y: origin.y, width: scene.size.width, height: scene.size.height)
        surface = output.createSurface(size: scene.size, at: origin)
        output.paint(surface, scene, at: origin)
        output.setClip(surface, monitor)
        output.map(surface)
    }

    /// What a pointer event at `root` (screen coordinates) on `on` hits: nil off the popup.
    func target(at root: Point, on surface: SurfaceID) -> SnoozeMenu.Target? {
        guard surface == self.surface || frame.contains(root) else { return nil }
        return composed.target(at: Point(x: root.x - frame.x, y: root.y - frame.y))
    }

    /// A key for the menu; repainted when it stays open.
    func press(_ key: KeyPress) -> SnoozeMenu.Outcome {
        let outcome = menu.press(key)
        if outcome == .open { repaint() }
        return outcome
    }

    /// The pointer moved to `target`: its row lights.
    func hover(_ target: SnoozeMenu.Target?) {
        if menu.hover(target) { repaint() }
    }

    private func repaint() {
        let (scene, composed) = layout.scene(menu)
        self.composed = composed
        output.paint(surface, scene, at: frame.origin)
    }

    func close() { output.destroy(surface) }
}
