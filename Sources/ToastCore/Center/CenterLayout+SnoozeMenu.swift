/// The centre's snooze menu, drawn over the list as the card's popup is (`SnoozeMenuLayout`):
/// at the right click's place, or under the selected row for S, kept inside the panel.
extension CenterLayout {
    func snoozeMenuOverlay(_ menu: SnoozeMenu, at point: Point?, below row: Rect?, header: Double)
        -> ([DrawOp], [(rect: Rect, target: CenterTarget)]) {
        let layout = SnoozeMenuLayout(composer: composer, metrics: metrics)
        let size = layout.size(menu)
        let pad = px(CenterMetrics.padding)
        // Within the list's margins, under the header.
        let margin = px(CenterMetrics.sideMargin)
        let list = Rect(x: margin, y: header, width: max(size.width, self.size.width - 2 * margin), height: max(0, self.size.height - header))
        let anchor = point ?? row.map { Point(x: $0.x + pad, y: $0.maxY - px(4)) } ?? Point(x: pad, y: header)
        let origin = SnoozeMenuLayout.place(size, at: anchor, on: list)
        let composed = layout.compose(menu, at: origin)
        let targets = composed.targets.map { item -> (rect: Rect, target: CenterTarget) in
            switch item.target {
            case let .choice(choice): (item.rect, .snoozeChoice(choice))
            case .box: (item.rect, .snoozeMenuBox)
            }
        }
        return (composed.ops, targets)
    }
}
