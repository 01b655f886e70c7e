/// The centre's panel as a `CardScene`, beside `StackLayout`'s cards: a header (title, unread
/// count, "Clear all", the do-not-disturb switch, the filter while there is one) over the list,
/// drawn with the same operations and colours as the cards. Only the rows that show in the view
/// are measured and drawn (`CenterScroll`).
///
/// All lengths are device pixels; `CenterMetrics` holds the fixed ones in points.
public struct CenterLayout {
    public var composer: CardComposer
    public var metrics: any TextMeasuring
    /// The whole panel: its width, and its monitor's work-area height.
    public var size: Size

    public init(composer: CardComposer, metrics: any TextMeasuring, size: Size) {
        self.composer = composer
        self.metrics = metrics
        self.size = size
    }

    /// What `compose` needs beyond the rows: how the panel stands now.
    public struct Status {
        public var unread: Int
        public var doNotDisturb: Bool
        /// The user's own do-not-disturb is on (the switch's knob), beside what else holds quiet.
        public var userQuiet: Bool
        /// Who holds quiet and until when (`QuietStatus.lines`), beside the switch and in its menu.
        public var quietLines: [String]
        /// The choices the switch's menu offers now.
        public var quietChoices: [QuietChoice]
        /// The monotonic and wall clocks read together (entries' `ended` is monotonic).
        public var now: Double
        public var wallNow: Double
        public var local: (Double) -> RelativeTime.LocalTime
        /// The image an entry's icon drew from, when it is loaded and ready; nil: its kind's icon.
        public var iconImage: (HistoryEntry) -> String?
        /// An entry being dragged sideways to remove it, and how far.
        public var swipe: (key: HistoryKey, dx: Double)?

        public init(unread: Int, doNotDisturb: Bool, now: Double, wallNow: Double,
                    local: @escaping (Double) -> RelativeTime.LocalTime,
                    iconImage: @escaping (HistoryEntry) -> String? = { _ in nil }, swipe: (key: HistoryKey, dx: Double)? = nil,
                    userQuiet: Bool? = nil, quietLines: [String] = [], quietChoices: [QuietChoice] = QuietChoice.allCases) {
            self.unread = unread
            self.doNotDisturb = doNotDisturb
            self.userQuiet = userQuiet ?? doNotDisturb
            self.quietLines = quietLines
            self.quietChoices = quietChoices
            self.now = now
            self.wallNow = wallNow
            self.local = local
            self.iconImage = iconImage
            self.swipe = swipe
        }
    }

    /// The composed panel: its scene and what its pointer hits (panel coordinates, front first).
    public struct Composed {
        public var scene: CardScene
        public var targets: [(rect: Rect, target: CenterTarget)]
        /// The rows laid out and drawn, by index: the visible ones only.
        public var drawnRows: [Int]
        /// Where the filter's caret is while it is typed (the baseline at its end), for the
        /// input method's preedit drawn over the spot; nil otherwise.
        public var filterCaret: Point? = nil

        public func target(at p: Point) -> CenterTarget? { targets.first { $0.rect.contains(p) }?.target }
    }

    func px(_ points: Double) -> Double { composer.px(points) }
    var palette: Palette { composer.config.palette }
    var lineHeight: Double { metrics.lineHeight }
    /// The accent the panel's own controls take: the info kind's.
    var accent: RGBA { RGBA(rgb: composer.config.color(for: .info)) }

    // MARK: Sizes

    /// The header's height; taller by the filter's box while there is a filter.
    public func headerHeight(filtering: Bool) -> Double {
        let pad = px(CenterMetrics.padding)
        var h = pad + lineHeight + px(CenterMetrics.headerLineGap) + lineHeight
        if filtering { h += px(CenterMetrics.headerLineGap) + filterBoxHeight }
        // The separator, then a row's gap before the list.
        return (h + pad + px(CenterMetrics.rowGap)).rounded()
    }

    var filterBoxHeight: Double { (lineHeight + px(8)).rounded() }

    /// The list's view: the panel below the header.
    public func viewport(filtering: Bool) -> Double { max(0, size.height - headerHeight(filtering: filtering)) }

    var entryWidth: Double { max(1, size.width - 2 * px(CenterMetrics.sideMargin)) }
    var entryPadding: Double { px(composer.config.padding) }
    var iconSide: Double { px(CardComposer.iconSize) }
    var textX: Double { entryPadding + iconSide + px(CardMetrics.iconTextGap) }
    var closeSide: Double { px(CardMetrics.closeButtonSize) }
    var messageWidth: Double { max(1, entryWidth - textX - entryPadding) }

    /// A row's height, the gap below it included. Measures its text once per call: the caller
    /// caches it by row (`CenterRow.ID`) while the panel's width and font stay the same.
    public func height(of row: CenterRow, expanded: Bool) -> Double {
        switch row {
        case .group: return groupHeight + px(CenterMetrics.rowGap)
        case let .entry(entry): return entryHeight(entry, expanded: expanded, timeWidth: 0).height + px(CenterMetrics.rowGap)
        }
    }

    var groupHeight: Double { (lineHeight + px(CenterMetrics.groupPadding) * 2).rounded() }

    /// An entry's title and message blocks, and its card's height. The time's width narrows the title.
    func entryHeight(_ entry: HistoryEntry, expanded: Bool, timeWidth: Double) -> (height: Double, title: TextBlock?, message: TextBlock?) {
        let p = entryPadding
        var y = p
        var title: TextBlock?
        let titleText = TextLimits.clean(entry.toast.title).text
        // The title's line keeps room for the time and the ×; measured at the widest time label.
        let titleWidth = max(1, entryWidth - textX - p - closeSide - px(CenterMetrics.timeGap) * 2 - max(timeWidth, timeReserve))
        if !titleText.isEmpty {
            let block = TextBlock(text: titleText, style: FontStyle(bold: true), width: titleWidth, maxLines: 1)
            y += metrics.measure(block).size.height
            title = block
        }
        var message: TextBlock?
        let text = TextLimits.clean(entry.toast.message).text
        if !text.isEmpty {
            if title != nil { y += px(CardMetrics.titleGap) }
            let lines = expanded ? CenterMetrics.expandedMessageLines : CenterMetrics.messageLines
            let block = TextBlock(text: entry.toast.markup ? MarkupSanitizer.pangoMarkup(text, linkColor: accent) : text,
                                  isMarkup: entry.toast.markup, width: title == nil ? titleWidth : messageWidth, maxLines: lines)
            y += metrics.measure(block).size.height
            message = block
        }
        // The buttons, under the text, while the sender can still hear them.
        if CenterContent.showsButtons(entry) { y += px(CardMetrics.buttonRowGap) + composer.buttonHeight(metrics) }
        return (max(y + p, 2 * p + iconSide).rounded(), title, message)
    }

    /// Room kept on the title's line for the time: the width of "Mon 14:02" and then some.
    var timeReserve: Double { (Double(8) * lineHeight * 0.5).rounded() }

    // MARK: Composing

    /// The panel for `rows` as `state` stands. `height(i)` is row `i`'s cached `height(of:)`.
    public func compose(rows: [CenterRow], state: CenterState, status: Status, height: (Int) -> Double) -> Composed {
        let filtering = state.filter != nil
        let header = headerHeight(filtering: filtering)
        let view = viewport(filtering: filtering)
        let background = RGBA(rgb: palette.background)
        let secondary = RGBA(rgb: palette.secondaryText)
        var ops: [DrawOp] = [.roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: 0, color: background)]
        var targets: [(rect: Rect, target: CenterTarget)] = []

        // The list first: the header is drawn over whatever of a row scrolls under it.
        let visible = state.scroll.visibleRows(count: rows.count, viewport: view, height: height)
        for (index, top) in visible {
            let y = header + top
            let selected = state.selection == rows[index].id
            switch rows[index] {
            case let .group(app, count, collapsed, newest):
                let (groupOps, rect) = group(app: app, count: count, collapsed: collapsed, newest: newest, y: y,
                                             selected: selected, status: status)
                ops += groupOps
                targets.append((clipped(rect, top: header), .group(app)))
            case let .entry(entry):
                let key = HistoryKey(entry)
                let dx = status.swipe.flatMap { $0.key == key ? $0.dx : nil } ?? 0
                let drawn = self.entry(entry, y: y, dx: dx, expanded: state.expandedEntries.contains(key), selected: selected, status: status)
                ops += drawn.ops
                targets.append((clipped(drawn.close, top: header), .remove(key)))
                for button in drawn.buttons {
                    // Reply is never one of the toast's actions (`ReplyOptions` takes it out of them).
                    let target: CenterTarget = button.id == ReplyOptions.actionKey && CenterContent.offersReply(entry)
                        ? .reply(historyID: entry.historyID) : .action(button.id, historyID: entry.historyID)
                    targets.append((clipped(button.rect, top: header), target))
                }
                targets.append((clipped(drawn.rect, top: header), .entry(key)))
            }
        }
        if rows.isEmpty {
            let text = state.filter.map { $0.isEmpty ? "Type to filter" : "No matches" } ?? "No notifications"
            var block = TextBlock(text: text, width: size.width, maxLines: 1)
            let extent = metrics.measure(block)
            block.width = extent.size.width.rounded(.up)
            ops.append(.text(block, origin: Point(x: ((size.width - block.width) / 2).rounded(), y: (header + view / 3).rounded()),
                             color: secondary))
        }

        ops.append(.roundedRect(Rect(x: 0, y: 0, width: size.width, height: header), radius: 0, color: background))
        let (headerOps, headerTargets, caret) = headerContent(rows: rows, state: state, status: status, bottom: header)
        ops += headerOps
        targets = headerTargets + targets.filter { $0.rect.height > 0 }
        if state.quietMenuOpen {
            let (menuOps, menuTargets) = quietMenu(status: status, selected: state.quietMenuSelection)
            ops += menuOps
            targets = menuTargets + targets
        }
        if let menu = state.snoozeMenu {
            let selected: CenterTarget? = switch state.selection {
            case let .entry(key)?: .entry(key)
            case let .group(app)?: .group(app)
            case nil: nil
            }
            let row = selected.flatMap { s in targets.first { $0.target == s }?.rect }
            let (menuOps, menuTargets) = snoozeMenuOverlay(menu, at: state.snoozeMenuAt, below: row, header: header)
            ops += menuOps
            targets = menuTargets + targets
        }
        return Composed(scene: CardScene(size: size, cornerRadius: 0, ops: ops), targets: targets, drawnRows: visible.map(\.index),
                        filterCaret: caret)
    }

    /// The do-not-disturb menu, over the list under the switch: who holds quiet now, then the
    /// choices (1 hour, 4 hours, this evening, tomorrow morning, until turned off).
    /// `selected`: the choice the keyboard highlights, drawn with the selection's tint.
    private func quietMenu(status: Status, selected: Int?) -> ([DrawOp], [(rect: Rect, target: CenterTarget)]) {
        let pad = px(CenterMetrics.padding)
        let text = RGBA(rgb: palette.text), secondary = RGBA(rgb: palette.secondaryText)
        let rowHeight = (lineHeight + px(10)).rounded()
        let width = min(size.width - 2 * pad, px(260))
        let top = (pad + 2 * lineHeight + px(CenterMetrics.headerLineGap) + px(6)).rounded()
        let lines = status.quietLines
        let height = Double(lines.count) * lineHeight + (lines.isEmpty ? 0 : px(8)) + Double(status.quietChoices.count) * rowHeight + px(8)
        let box = Rect(x: pad, y: top, width: width, height: height)
        var ops: [DrawOp] = [.roundedRect(box, radius: px(8), color: RGBA(rgb: palette.background)),
                             .roundedRect(box, radius: px(8), color: text.withAlpha(24))]
        var targets: [(rect: Rect, target: CenterTarget)] = []
        var y = box.y + px(4)
        for line in lines {
            ops.append(.text(TextBlock(text: line, width: width - px(16), maxLines: 1), origin: Point(x: box.x + px(8), y: y), color: secondary))
            y += lineHeight
        }
        if !lines.isEmpty { y += px(8) }
        for (i, choice) in status.quietChoices.enumerated() {
            let row = Rect(x: box.x, y: y, width: width, height: rowHeight)
            if i == selected { ops.append(.roundedRect(Rect(x: row.x + px(2), y: row.y, width: row.width - px(4), height: row.height), radius: px(6), color: text.withAlpha(40))) }
            ops.append(.text(TextBlock(text: choice.label, width: width - px(16), maxLines: 1),
                             origin: Point(x: box.x + px(8), y: y + px(5)), color: text))
            targets.append((row, .quietChoice(choice)))
            y += rowHeight
        }
        // A click anywhere else on the panel closes the menu (`CenterState.click`): the box takes the rest of its own.
        targets.append((box, .doNotDisturb))
        return (ops, targets)
    }

    /// `rect` less what lies under the header (a row half scrolled away is clickable only below it).
    private func clipped(_ rect: Rect, top: Double) -> Rect {
        guard rect.y < top else { return rect }
        return Rect(x: rect.x, y: top, width: rect.width, height: max(0, rect.maxY - top))
    }

    private func headerContent(rows: [CenterRow], state: CenterState, status: Status, bottom: Double)
        -> ([DrawOp], [(rect: Rect, target: CenterTarget)], Point?) {
        let pad = px(CenterMetrics.padding)
        let text = RGBA(rgb: palette.text), secondary = RGBA(rgb: palette.secondaryText)
        var ops: [DrawOp] = []
        var targets: [(rect: Rect, target: CenterTarget)] = []
        var y = pad

        var title = TextBlock(text: "Notifications", style: FontStyle(bold: true), width: size.width / 2, maxLines: 1)
        title.width = metrics.measure(title).size.width.rounded(.up)
        ops.append(.text(title, origin: Point(x: pad, y: y), color: text))
        if status.unread > 0 {
            var count = TextBlock(text: "\(status.unread) new", width: size.width / 3, maxLines: 1)
            count.width = metrics.measure(count).size.width.rounded(.up)
            ops.append(.text(count, origin: Point(x: pad + title.width + px(8), y: y), color: accent))
        }
        if !rows.isEmpty || state.filter != nil {
            let armed = state.isClearArmed(now: status.now)
            var clear = TextBlock(text: armed ? "Click again to clear" : "Clear all", style: FontStyle(bold: armed),
                                  width: size.width / 2, maxLines: 1)
            clear.width = metrics.measure(clear).size.width.rounded(.up)
            let x = size.width - pad - clear.width
            ops.append(.text(clear, origin: Point(x: x, y: y), color: armed ? RGBA(rgb: composer.config.color(for: .error)) : accent))
            let slop = px(6)
            targets.append((Rect(x: x - slop, y: y - slop, width: clear.width + 2 * slop, height: lineHeight + 2 * slop), .clearAll))
        }
        y += lineHeight + px(CenterMetrics.headerLineGap)

        // The do-not-disturb switch: a track with its knob at the end it is switched to.
        let trackHeight = px(CenterMetrics.switchHeight), trackWidth = px(CenterMetrics.switchWidth)
        let track = Rect(x: pad, y: (y + (lineHeight - trackHeight) / 2).rounded(), width: trackWidth, height: trackHeight)
        ops.append(.roundedRect(track, radius: trackHeight / 2, color: status.doNotDisturb ? accent : secondary.withAlpha(110)))
        let knob = trackHeight - 2 * px(2)
        let knobX = status.userQuiet ? track.maxX - px(2) - knob : track.x + px(2)
        ops.append(.roundedRect(Rect(x: knobX, y: track.y + px(2), width: knob, height: knob), radius: knob / 2,
                                color: RGBA(rgb: 0xFFFFFF)))
        // Who holds quiet, on the switch's line: "Do not disturb, until 18:00 · Zoom: Sharing".
        let said = status.quietLines.isEmpty ? "Do not disturb" : status.quietLines.joined(separator: " \u{00B7} ")
        var label = TextBlock(text: said, width: max(1, size.width - 2 * pad - trackWidth - px(8)), maxLines: 1)
        label.width = min(label.width, metrics.measure(label).size.width.rounded(.up))
        ops.append(.text(label, origin: Point(x: track.maxX + px(8), y: y), color: status.doNotDisturb ? text : secondary))
        targets.append((Rect(x: track.x - px(4), y: y - px(4), width: trackWidth + px(16) + label.width, height: lineHeight + px(8)),
                        .doNotDisturb))
        y += lineHeight

        var caret: Point?
        if let filter = state.filter {
            y += px(CenterMetrics.headerLineGap)
            let box = Rect(x: pad, y: y, width: size.width - 2 * pad, height: filterBoxHeight)
            ops.append(.roundedRect(box, radius: px(6), color: text.withAlpha(state.isTypingFilter ? 34 : 18)))
            let shown = filter.isEmpty && state.isTypingFilter ? "Filter by app, title or message" : filter
            let cursor = state.isTypingFilter && !filter.isEmpty ? "\u{258F}" : ""
            let block = TextBlock(text: "/ " + shown + cursor, width: box.width - 2 * px(8), maxLines: 1)
            ops.append(.text(block, origin: Point(x: box.x + px(8), y: box.y + px(4)), color: filter.isEmpty ? secondary : text))
            if state.isTypingFilter {
                let typed = metrics.measure(TextBlock(text: "/ " + filter, width: box.width - 2 * px(8), maxLines: 1)).size.width
                caret = Point(x: (box.x + px(8) + min(typed, box.width - 2 * px(8))).rounded(),
                              y: (box.y + px(4) + lineHeight * 0.8).rounded())
            }
        }
        let line = bottom - px(CenterMetrics.rowGap) - 1
        ops.append(.roundedRect(Rect(x: 0, y: line, width: size.width, height: 1), radius: 0, color: secondary.withAlpha(60)))
        return (ops, targets, caret)
    }

    /// An application's header row: chevron, icon, name and count.
    private func group(app: String, count: Int, collapsed: Bool, newest: HistoryEntry, y: Double, selected: Bool,
                       status: Status) -> ([DrawOp], Rect) {
        let side = px(CenterMetrics.sideMargin)
        let text = RGBA(rgb: palette.text), secondary = RGBA(rgb: palette.secondaryText)
        let rect = Rect(x: side, y: y, width: entryWidth, height: groupHeight)
        var ops: [DrawOp] = []
        if selected { ops.append(.roundedRect(rect, radius: px(6), color: text.withAlpha(28))) }
        let g = px(CenterMetrics.groupPadding)
        let chevron = TextBlock(text: collapsed && count > 1 ? "\u{25B8}" : "\u{25BE}", width: lineHeight, maxLines: 1)
        ops.append(.text(chevron, origin: Point(x: rect.x + px(4), y: y + g), color: secondary))
        let icon = Rect(x: rect.x + px(4) + lineHeight, y: (y + (groupHeight - px(16)) / 2).rounded(), width: px(16), height: px(16))
        let colors = composer.colors(for: newest.toast, style: .tinted)
        if let image = status.iconImage(newest) {
            ops.append(.image(path: image, icon, tint: CardComposer.isSymbolic(image) ? text : nil))
        } else {
            ops.append(.icon(IconRaster.shape(for: newest.toast.kind), icon, color: colors.accent, phase: 0))
        }
        let nameX = icon.maxX + px(8)
        var name = TextBlock(text: TextLimits.clean(app).text, style: FontStyle(bold: true),
                             width: max(1, rect.maxX - nameX - px(60)), maxLines: 1)
        name.width = metrics.measure(name).size.width.rounded(.up)
        ops.append(.text(name, origin: Point(x: nameX, y: y + g), color: text))
        let counted = TextBlock(text: "\(count)", width: px(60), maxLines: 1)
        ops.append(.text(counted, origin: Point(x: nameX + name.width + px(8), y: y + g), color: secondary))
        return (ops, rect)
    }

    /// One entry as a small card of its kind's colours: icon, title, time, ×, message, and its
    /// buttons while its sender can hear them (drawn as a card's are).
    private func entry(_ entry: HistoryEntry, y: Double, dx: Double, expanded: Bool, selected: Bool, status: Status)
        -> (ops: [DrawOp], rect: Rect, close: Rect, buttons: [(id: String, rect: Rect)]) {
        let toast = entry.toast
        let style: CardStyle = (toast.style ?? composer.config.style) == .accent ? .accent : .tinted
        let c = composer.colors(for: toast, style: style)
        let p = entryPadding
        let wall = status.wallNow - (status.now - entry.ended)
        var time = TextBlock(text: "<small>" + RelativeTime.label(wall, now: status.wallNow, local: status.local) + "</small>",
                             isMarkup: true, width: timeReserve * 2, maxLines: 1)
        time.width = metrics.measure(time).size.width.rounded(.up)
        let laid = entryHeight(entry, expanded: expanded, timeWidth: time.width)
        let rect = Rect(x: px(CenterMetrics.sideMargin) + dx, y: y, width: entryWidth, height: laid.height)
        var ops: [DrawOp] = []
        let radius = style == .accent ? px(CardMetrics.accentRadius) : px(composer.config.radius)
        if selected {
            let ring = px(2)
            ops.append(.roundedRect(Rect(x: rect.x - ring, y: rect.y - ring, width: rect.width + 2 * ring, height: rect.height + 2 * ring),
                                    radius: radius + ring, color: RGBA(rgb: palette.text).withAlpha(200)))
        }
        if style == .tinted {
            let border = px(min(composer.config.borderWidth, 1))
            ops.append(.roundedRect(rect, radius: radius, color: c.accent.withAlpha(160)))
            ops.append(.roundedRect(Rect(x: rect.x + border, y: rect.y + border, width: rect.width - 2 * border, height: rect.height - 2 * border),
                                    radius: max(0, radius - border), color: c.background))
        } else {
            ops.append(.roundedRect(rect, radius: radius, color: c.background.mixed(with: c.text, 0.06)))
            ops.append(.roundedRectSlice(rect, radius: radius, visibleWidth: px(CardMetrics.accentBarWidth), color: c.accent))
        }
        let iconTop = rect.y + p + max(0, (lineHeight - iconSide) / 2)
        let icon = Rect(x: rect.x + p, y: iconTop.rounded(), width: iconSide, height: iconSide)
        if let image = status.iconImage(entry) {
            ops.append(.image(path: image, icon, tint: CardComposer.isSymbolic(image) ? c.text : nil))
        } else {
            ops.append(.icon(IconRaster.shape(for: toast.kind), icon, color: c.accent, phase: 0))
        }
        var ty = rect.y + p
        if let title = laid.title {
            ops.append(.text(title, origin: Point(x: rect.x + textX, y: ty), color: c.text))
            ty += metrics.measure(title).size.height + px(CardMetrics.titleGap)
        }
        if let message = laid.message {
            let color = laid.title == nil ? c.text : c.secondary.mixed(with: c.text, 0.45)
            ops.append(.text(message, origin: Point(x: rect.x + textX, y: ty), color: color))
        }
        let closeX = rect.maxX - p - closeSide + px(CardMetrics.closeButtonOutset)
        let close = Rect(x: closeX, y: rect.y + p - px(CardMetrics.closeButtonOutset), width: closeSide, height: closeSide)
        ops.append(.icon(.close, close, color: c.secondary, phase: 0))
        ops.append(.text(time, origin: Point(x: close.x - px(CenterMetrics.timeGap) - time.width, y: rect.y + p), color: c.secondary))
        var buttons: [(id: String, rect: Rect)] = []
        if CenterContent.showsButtons(entry) {
            let top = rect.maxY - p - composer.buttonHeight(metrics)
            let row = composer.buttonRow(CenterContent.buttons(of: entry), trailingEdge: rect.maxX - p, top: top, colors: c,
                                         appearance: CardComposer.Appearance(), metrics: metrics)
            ops += row.0
            buttons = row.1
        }
        let slop = px(CardMetrics.closeButtonSlop)
        return (ops, rect, Rect(x: close.x - slop, y: close.y - slop, width: close.width + 2 * slop, height: close.height + 2 * slop),
                buttons)
    }

    // MARK: Place

    /// Where the panel rests: the full height of `area` at its `side`, `width` points wide
    /// (narrowed to the area).
    public static func frame(in area: Rect, width: Double, side: CenterSide) -> Rect {
        let w = max(1, min(area.width, width.rounded()))
        return Rect(x: side == .right ? area.maxX - w : area.x, y: area.y, width: w, height: max(1, area.height))
    }

    /// Where it slides in from and out to: just past its monitor's edge.
    public static func offscreen(_ frame: Rect, monitor: Rect, side: CenterSide) -> Point {
        Point(x: side == .right ? monitor.maxX : monitor.x - frame.width, y: frame.y)
    }
}

/// The panel's fixed lengths, in points at scale 1.
public enum CenterMetrics {
    /// Around the header's content.
    public static let padding = 16.0
    /// Between the header's lines (title, switch, filter).
    public static let headerLineGap = 10.0
    /// Between the panel's edges and its entries, and between rows.
    public static let sideMargin = 12.0
    public static let rowGap = 8.0
    /// Above and below a group header's line.
    public static let groupPadding = 4.0
    /// Between the time and the × on an entry's first line.
    public static let timeGap = 6.0
    /// The do-not-disturb switch's track.
    public static let switchWidth = 30.0
    public static let switchHeight = 18.0
    /// An entry's message lines, and as many when it is expanded (a click): the rest of a long
    /// message is cut with "…" (`TextLimits` bounds it first).
    public static let messageLines = 3
    public static let expandedMessageLines = 40
    /// How far an entry must be dragged sideways to go (a fraction of its width).
    public static let swipeFraction = 0.35
}
