/// Turns a toast into a `CardScene`: sizes, colours, icon and laid-out text, for one style.
///
/// Every size in `Config` is in points at 96 dpi and is multiplied by `scale` here, so a 2x
/// screen gets a card twice the size, drawn at full resolution rather than magnified.
public struct CardComposer: Sendable {
    public var config: Config
    public var scale: Double

    public init(config: Config, scale: Double) {
        self.config = config
        self.scale = scale
    }

    /// How the card looks right now, beyond the toast's own content.
    public struct Appearance: Equatable, Sendable {
        public var expanded = false
        public var hovered = false
        /// Turns the loading spinner (0..<1).
        public var spinnerPhase = 0.0
        public init(expanded: Bool = false, hovered: Bool = false, spinnerPhase: Double = 0) {
            self.expanded = expanded
            self.hovered = hovered
            self.spinnerPhase = spinnerPhase
        }
    }

    /// A composed card: the scene plus the regions that react to the pointer.
    public struct Card: Equatable, Sendable {
        public var scene: CardScene
        /// True when some text was cut; a click then expands instead of dismissing.
        public var isTruncated: Bool
        /// The close button's hit area, in card coordinates, while it is shown.
        public var closeButton: Rect?
        /// Where the icon sits (for tests and for the spinner's repaint).
        public var iconRect: Rect

        public init(scene: CardScene, isTruncated: Bool = false, closeButton: Rect? = nil, iconRect: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
            self.scene = scene
            self.isTruncated = isTruncated
            self.closeButton = closeButton
            self.iconRect = iconRect
        }
    }

    /// Lines of message text kept before "…" (title: 2).
    public static let collapsedMessageLines = 3
    public static let collapsedTitleLines = 2

    /// Points to whole device pixels at this scale.
    public func px(_ points: Double) -> Double { (points * scale).rounded() }

    public func compose(_ toast: Toast, style: CardStyle, appearance: Appearance = Appearance(),
                        metrics: TextMetrics) -> Card {
        switch style {
        case .tinted, .accent: composeCard(toast, style: style, appearance: appearance, metrics: metrics)
        case .capsule: composeCapsule(toast, appearance: appearance, metrics: metrics)
        }
    }

    /// Colours for a toast's kind in the configured theme.
    struct Colors {
        var accent: RGBA
        var background: RGBA
        var text: RGBA
        var secondary: RGBA
    }

    func colors(for kind: Kind, style: CardStyle) -> Colors {
        let palette = config.palette
        let accent = RGBA(rgb: config.color(for: kind))
        var background = RGBA(rgb: palette.background)
        if style != .accent {
            // A dark card takes on more of the accent than a light one to read as tinted.
            background = background.mixed(with: accent, config.theme == .dark ? 0.16 : 0.10)
        }
        return Colors(accent: accent, background: background,
                      text: RGBA(rgb: palette.text), secondary: RGBA(rgb: palette.secondaryText))
    }

    private func composeCard(_ toast: Toast, style: CardStyle, appearance: Appearance, metrics: TextMetrics) -> Card {
        let c = colors(for: toast.kind, style: style)
        let width = px(config.cardWidth)
        let padding = px(config.padding)
        let border = style == .tinted ? px(config.borderWidth) : 0
        let bar = style == .accent ? px(6) : 0
        let radius = style == .accent ? px(8) : px(config.radius)
        let iconSize = px(20)
        let iconGap = px(10)
        let closeSize = px(16)
        let textX = bar + padding + iconSize + iconGap
        let textWidth = width - textX - padding - closeSize - px(4)
        let lineHeight = metrics.lineHeight

        var ops: [DrawOp] = []
        if style == .tinted {
            ops.append(.roundedRect(Rect(x: 0, y: 0, width: width, height: 0), radius: radius, color: c.accent))
            ops.append(.roundedRect(Rect(x: border, y: border, width: width - 2 * border, height: 0),
                                    radius: max(0, radius - border), color: c.background))
        } else {
            ops.append(.roundedRect(Rect(x: 0, y: 0, width: width, height: 0), radius: radius, color: c.background))
            ops.append(.roundedRectSlice(Rect(x: 0, y: 0, width: width, height: 0), radius: radius, visibleWidth: bar, color: c.accent))
        }

        var y = padding + border / 2
        var truncated = false
        let measure: TextLayout.Measure = { metrics.width(of: $0, style: $1) }
        let fontFor: TextLayout.FontFor = { metrics.fontIndex(for: $0, style: $1) }
        let title = TextSanitizer.sanitize(toast.title)
        if !title.isEmpty {
            let laid = TextLayout.layout([StyledRun(text: title, bold: true)], maxWidth: textWidth,
                                         maxLines: appearance.expanded ? nil : Self.collapsedTitleLines,
                                         lineHeight: lineHeight, measure: measure, fontFor: fontFor)
            ops += textOps(laid, x: textX, top: y, ascent: metrics.ascent, color: c.text)
            y += laid.height + px(2)
            truncated = truncated || laid.isTruncated
        }
        let message = TextSanitizer.sanitize(toast.message)
        if !message.isEmpty {
            let runs = Markup.runs(message, markup: toast.markup)
            let laid = TextLayout.layout(runs, maxWidth: textWidth,
                                         maxLines: appearance.expanded ? nil : Self.collapsedMessageLines,
                                         lineHeight: lineHeight, measure: measure, fontFor: fontFor)
            ops += textOps(laid, x: textX, top: y, ascent: metrics.ascent, color: title.isEmpty ? c.text : c.secondary.mixed(with: c.text, 0.45))
            y += laid.height
            truncated = truncated || laid.isTruncated
        }
        let height = max(y + padding + border / 2, padding * 2 + iconSize).rounded()
        // The outline ops were added before the height was known.
        ops = ops.map { op in
            switch op {
            case let .roundedRect(r, radius, color) where r.height == 0:
                .roundedRect(Rect(x: r.x, y: r.y, width: r.width, height: height - 2 * r.y), radius: radius, color: color)
            case let .roundedRectSlice(r, radius, visible, color):
                .roundedRectSlice(Rect(x: r.x, y: r.y, width: r.width, height: height), radius: radius, visibleWidth: visible, color: color)
            default: op
            }
        }
        let iconRect = Rect(x: bar + padding, y: padding + border / 2 + max(0, (lineHeight - iconSize) / 2), width: iconSize, height: iconSize)
        ops.insert(.icon(IconRaster.shape(for: toast.kind), iconRect, color: c.accent, phase: appearance.spinnerPhase), at: 2)
        var close: Rect?
        if appearance.hovered {
            let r = Rect(x: width - padding - closeSize + px(4), y: padding + border / 2 - px(4), width: closeSize, height: closeSize)
            ops.append(.icon(.close, r, color: c.secondary, phase: 0))
            close = Rect(x: r.x - px(4), y: r.y - px(4), width: r.width + px(8), height: r.height + px(8))
        }
        return Card(scene: CardScene(size: Size(width: width, height: height), cornerRadius: radius, ops: ops),
                    isTruncated: truncated, closeButton: close, iconRect: iconRect)
    }

    /// The capsule: a pill holding the icon and one line of text, sized to its content.
    private func composeCapsule(_ toast: Toast, appearance: Appearance, metrics: TextMetrics) -> Card {
        let c = colors(for: toast.kind, style: .capsule)
        let iconSize = px(18)
        let padding = px(config.padding)
        let height = (max(metrics.lineHeight, iconSize) + padding * 1.2).rounded()
        let text = TextSanitizer.sanitize(toast.title.isEmpty ? toast.message : toast.title)
            .split(separator: "\n").first.map(String.init) ?? ""
        let maxText = px(config.cardWidth) - height - iconSize - px(8)
        let laid = TextLayout.layout([StyledRun(text: text, bold: !toast.title.isEmpty)], maxWidth: maxText,
                                     maxLines: 1, lineHeight: metrics.lineHeight,
                                     measure: { metrics.width(of: $0, style: $1) },
                                     fontFor: { metrics.fontIndex(for: $0, style: $1) })
        let textWidth = laid.lines.first?.width ?? 0
        let width = (height / 2 + iconSize + px(8) + textWidth + height / 2).rounded()
        let iconRect = Rect(x: (height / 2).rounded(), y: ((height - iconSize) / 2).rounded(), width: iconSize, height: iconSize)
        var ops: [DrawOp] = [
            .roundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: height / 2, color: c.background),
            .icon(IconRaster.shape(for: toast.kind), iconRect, color: c.accent, phase: appearance.spinnerPhase),
        ]
        ops += textOps(laid, x: iconRect.maxX + px(8), top: ((height - metrics.lineHeight) / 2).rounded(),
                       ascent: metrics.ascent, color: c.text)
        return Card(scene: CardScene(size: Size(width: width, height: height.rounded()), cornerRadius: height / 2, ops: ops),
                    isTruncated: laid.isTruncated, closeButton: nil, iconRect: iconRect)
    }

    /// The small card that says how many toasts wait behind a full stack.
    public func composeMore(count: Int, metrics: TextMetrics) -> CardScene {
        let c = colors(for: .info, style: .accent)
        let label = "+\(count) more"
        let padding = px(config.padding)
        let height = (metrics.lineHeight + padding).rounded()
        let width = (metrics.width(of: label, style: .regular) + 2 * padding).rounded()
        return CardScene(size: Size(width: width, height: height), cornerRadius: height / 2, ops: [
            .roundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: height / 2, color: c.background),
            .text(label, x: padding, baseline: (padding / 2 + metrics.ascent).rounded(), style: .regular, color: c.secondary, underline: false),
        ])
    }

    private func textOps(_ text: LaidOutText, x: Double, top: Double, ascent: Double, color: RGBA) -> [DrawOp] {
        var ops: [DrawOp] = []
        for (i, line) in text.lines.enumerated() {
            let baseline = (top + Double(i) * text.lineHeight + ascent).rounded()
            for segment in line.segments {
                ops.append(.text(segment.text, x: x + segment.x, baseline: baseline, style: segment.style,
                                 color: color, underline: segment.underline))
            }
        }
        return ops
    }
}
