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
        /// Expanded, the title stops at this many lines (with "…"), and the message too unless
        /// `expandedHeight` gives it more; nil: the composer's own budget from `expandedHeight`
        /// (`expandedLineBudget`), or no limit without one.
        public var expandedLines: Int?
        /// Expanded, the card grows to at most this height (its work area less the margins):
        /// the message keeps the lines that fit below the title, above the progress bar and buttons.
        public var expandedHeight: Double?
        public var hovered = false
        /// The action button under the pointer, and the one held down.
        public var hoveredButton: String?
        public var pressedButton: String?
        /// Focus mode's ring is on this card (`KeyboardFocus`), and on this button of it.
        public var focused = false
        public var focusedButton: String?
        /// The progress bar's shown length (0...100), which animates toward the toast's.
        public var progress: Double?
        /// While the card's height animates: the height to draw at (content that does not fit is left out).
        public var heightLimit: Double?
        /// A loaded image file to draw instead of the kind's icon.
        public var iconImage: String?
        /// Decoded icon files for action buttons (`Toast.actionIcons`), by action key: such a
        /// button is a square holding the icon instead of its label.
        public var actionIcons: [String: String] = [:]
        /// The widest the card may be, in device pixels: its monitor's work area less the
        /// margins, so a card on a narrow monitor never reaches past it; nil: the configured width.
        public var maxWidth: Double?
        /// Whether `iconImage` is a picture (`isPicture`) rather than a theme icon: it then
        /// gets a slot of its own, `Config.imageSize` square, and the card grows to fit it.
        public var iconIsPicture = false
        /// Expanded, the message's first shown line when it has more lines than the card
        /// holds (the wheel scrolls it); kept within the message by `TextScroll.clamp`.
        public var scrollLines = 0
        /// The message's link under the pointer (`ComposedCard.links`' index), drawn double underlined.
        public var hoveredLink: Int?
        /// The open reply field's text, caret and selection, and whether the caret shows
        /// now (it blinks); nil: no field is open (a reply toast shows its reply button).
        public var reply: ReplyLook?
        /// Seconds since the card was shown, for `[text] show_age_threshold` (`CardAge`);
        /// nil: no age is drawn.
        public var age: Double?

        public init(expanded: Bool = false, hovered: Bool = false) {
            self.expanded = expanded
            self.hovered = hovered
        }
    }

    /// The icon's side, in points.
    public static let iconSize = 20.0

    /// Whether an icon is a picture (a file the sender named by path or `file://` URI, or
    /// pixels stored under a name that is not a path, as `image-data` is) rather than an icon
    /// looked up in a theme by name: pictures (photos, album art) get the larger image slot.
    /// `spec` is what the sender gave, `file` what it loaded as.
    public static func isPicture(spec: String?, file: String) -> Bool {
        !file.hasPrefix("/") || spec.map(namesFile) == true
    }

    /// Whether an icon argument names a file (a path, `~/…` or a `file://` URI), not a theme
    /// icon: the rule `IconLookup.resolve` follows.
    public static func namesFile(_ spec: String) -> Bool {
        spec.hasPrefix("~") || spec.hasPrefix("file://") || spec.contains("/")
    }

    /// The side of the slot an icon is drawn in, in device pixels: the image slot for a
    /// picture, else the icon's.
    public func iconSlot(picture: Bool) -> Double { px(picture ? config.imageSize : Self.iconSize) }

    /// Lines of message text kept before "…" (title: 2).
    public static let collapsedMessageLines = 3
    public static let collapsedTitleLines = 2

    /// Points to whole device pixels at this scale.
    public func px(_ points: Double) -> Double { (points * scale).rounded() }

    /// The card's width: the configured one, narrowed to `maxWidth` (never below the room
    /// the icon and the padding take).
    func cardWidth(_ appearance: Appearance) -> Double {
        let configured = px(config.cardWidth)
        guard let limit = appearance.maxWidth, limit.isFinite, limit < configured else { return configured }
        return max(px(config.padding) * 2 + px(Self.iconSize), limit.rounded(.down))
    }

    /// With `shadow` (a compositor runs), the accent style gets its soft shadow.
    public func compose(_ toast: Toast, style: CardStyle, appearance: Appearance = Appearance(),
                        metrics: TextMeasuring, shadow: Bool = false) -> ComposedCard {
        var card: ComposedCard
        switch style {
        case .tinted: card = composeCard(toast, style: style, appearance: appearance, metrics: metrics)
        case .accent:
            card = composeCard(toast, style: style, appearance: appearance, metrics: metrics)
            // High contrast: nothing translucent, not even the soft shadow.
            if shadow && !config.highContrast { card = withShadow(card) }
        case .capsule: card = composeCapsule(toast, appearance: appearance, metrics: metrics)
        }
        // Only buttons and links light up under the pointer (`Stage.hover`).
        card.scene.followsPointer = !card.buttons.isEmpty || !card.links.isEmpty
        return card
    }

    /// The accent seed's soft shadow: layered, widening translucent outlines below the card,
    /// offset a little downward, in a margin the scene grows by. Hit areas stay in card coordinates.
    func withShadow(_ card: ComposedCard) -> ComposedCard {
        let m = px(CardMetrics.shadowMargin)
        let steps = CardMetrics.shadowLayers
        let size = card.scene.size
        var ops: [DrawOp] = []
        for i in 0..<steps {
            let spread = m * Double(steps - i) / Double(steps)
            let rect = Rect(x: m - spread, y: m - spread + px(CardMetrics.shadowDrop), width: size.width + 2 * spread, height: size.height + 2 * spread)
            ops.append(.roundedRect(rect, radius: card.scene.cornerRadius + spread, color: RGBA(r: 0, g: 0, b: 0, a: 8)))
        }
        ops += card.scene.ops.map { $0.offsetBy(m) }
        var shadowed = card
        shadowed.scene = CardScene(size: Size(width: size.width + 2 * m, height: size.height + 2 * m),
                                   cornerRadius: card.scene.cornerRadius, ops: ops, inset: m)
        return shadowed
    }

    /// Colours for a toast's kind in the configured theme.
    public struct Colors: Sendable {
        /// The kind's colour: the icon, buttons, links and count badge.
        public var accent: RGBA
        public var background: RGBA
        public var text: RGBA
        public var secondary: RGBA
        /// The tinted style's border and the accent style's bar.
        public var frame: RGBA
        /// The progress bar.
        public var highlight: RGBA
    }

    /// `urgency` low: the accent fades toward the background by `Palette.mutedAccentFade`,
    /// so the bar, border, icon and buttons are quieter. `color` (a rule's) is the accent
    /// instead of the kind's. The card colours (`CardColors`: `[card]`, the kind's, the
    /// urgency's, then `rule`'s) replace the style's where set: a background set so is the
    /// fill as given, not tinted.
    public func colors(for kind: Kind, style: CardStyle, urgency: Urgency = .normal, color: UInt32? = nil,
                       rule: CardColors? = nil) -> Colors {
        if config.highContrast { return highContrastColors(for: kind, urgency: urgency, color: color, rule: rule) }
        let palette = config.palette
        let set = config.cardColors(kind: kind, urgency: urgency).layered(rule)
        var background = RGBA(rgb: set.background ?? palette.background)
        var accent = RGBA(rgb: color ?? config.color(for: kind))
        if urgency == .low { accent = accent.mixed(with: background, Palette.mutedAccentFade) }
        if style != .accent, set.background == nil {
            // A dark card takes on more of the accent than a light one to read as tinted.
            background = background.mixed(with: accent, config.theme == .dark ? 0.16 : 0.10)
        }
        let text = set.foreground.map { RGBA(rgb: $0) } ?? RGBA(rgb: palette.text)
        // Secondary text follows a set foreground, faded toward the fill as the theme's is.
        let secondary = set.foreground == nil && set.background == nil
            ? RGBA(rgb: palette.secondaryText) : text.mixed(with: background, Self.secondaryFade)
        return Colors(accent: accent, background: background, text: text, secondary: secondary,
                      frame: set.frame.map { RGBA(rgb: $0) } ?? accent, highlight: set.highlight.map { RGBA(rgb: $0) } ?? accent)
    }

    /// How far secondary text (the application's line, the close button) fades from a set
    /// foreground toward the fill: about where the themes' own secondary grey sits.
    static let secondaryFade = 0.4

    /// A toast's colours: its kind's (or a rule's accent) and card colours, muted at low urgency.
    public func colors(for toast: Toast, style: CardStyle) -> Colors {
        colors(for: toast.kind, style: style, urgency: toast.urgency, color: toast.color, rule: toast.cardColors)
    }

    /// Expanded, the most lines the title takes (and the message, when no `expandedHeight`
    /// gives it the lines that fit): `Appearance.expandedLines` if set, else half the lines
    /// `expandedHeight` (the work area less the margins) holds once the padding and the
    /// icon's room are taken off, so the title takes at most half the card; nil: no limit.
    public func expandedLineBudget(_ appearance: Appearance, lineHeight: Double) -> Int? {
        if let lines = appearance.expandedLines { return lines }
        guard let height = appearance.expandedHeight, height.isFinite else { return nil }
        let room = height - px(4 * config.padding + 40)
        let lines = min(Double(TextLimits.maxScalars), max(0, room) / max(1, lineHeight))
        return max(Self.collapsedMessageLines, Int(lines) / 2)
    }

    /// The toast as its card shows it under `[text]` and its rules: newlines as spaces
    /// (`ignore_newline`), through a `format` (the whole text then one markup block, no
    /// application line: the format says where the application goes), its markup read,
    /// stripped or shown as sent (`markup`), or no text at all (`hide_text`).
    public func presented(_ toast: Toast, age: Double? = nil) -> Toast {
        var shown = presentedText(toast)
        // dunst's age goes after the whole text: the message, else the title.
        if let age, !shown.hidesText, let suffix = CardAge.suffix(age: age, threshold: config.showAgeThreshold) {
            if !shown.message.isEmpty || shown.title.isEmpty { shown.message += shown.message.isEmpty ? suffix : " " + suffix }
            else { shown.title += " " + suffix }
        }
        return shown
    }

    private func presentedText(_ toast: Toast) -> Toast {
        var shown = toast
        if config.ignoreNewline {
            shown.title = Self.spacingNewlines(shown.title)
            shown.message = Self.spacingNewlines(shown.message)
        }
        if toast.hidesText {
            shown.title = ""
            shown.message = ""
            shown.app = nil
        } else if let format = toast.format ?? config.format {
            shown.message = CardFormat.render(format, shown, markup: config.markup)
            shown.title = ""
            shown.markup = true
            shown.app = nil
        } else if toast.markup, config.markup != .full {
            shown.message = config.markup == .strip ? MarkupSanitizer.stripped(shown.message) : shown.message
            shown.markup = false
        }
        return shown
    }

    private static func spacingNewlines(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private func composeCard(_ given: Toast, style: CardStyle, appearance: Appearance, metrics: TextMeasuring) -> ComposedCard {
        let toast = presented(given, age: appearance.age)
        let c = colors(for: toast, style: style)
        let width = cardWidth(appearance)
        let padding = px(config.padding)
        let border = style == .tinted ? px(config.borderWidth) : 0
        let bar = style == .accent ? px(CardMetrics.accentBarWidth) : 0
        let radius = style == .accent ? px(CardMetrics.accentRadius) : px(config.radius)
        let showsIcon = !toast.hidesIcon
        let picture = showsIcon && appearance.iconImage != nil && appearance.iconIsPicture
        let iconSize = showsIcon ? iconSlot(picture: picture) : 0
        let closeSize = px(CardMetrics.closeButtonSize)
        let textX = bar + padding + (showsIcon ? iconSize + px(CardMetrics.iconTextGap) : 0)
        let badge = countBadge(toast.count, colors: c, metrics: metrics)
        // At least 1 px, as in the capsule: 0 or less would mean "no wrapping". A count badge
        // takes its width from the text's right, so no line runs under it.
        let badgeRoom = badge.map { $0.size.width + px(CardMetrics.countGap) } ?? 0
        let textWidth = max(1, width - textX - padding - closeSize - px(CardMetrics.closeButtonGap) - badgeRoom)
        let lineHeight = metrics.lineHeight
        let top = padding + border / 2
        let expandedLines = expandedLineBudget(appearance, lineHeight: lineHeight)

        // Content first, top to bottom; the outline follows once the height is known. Each
        // piece keeps its bottom edge, so a shrinking card can leave out what spills over.
        var content: [(op: DrawOp, bottom: Double)] = []
        var y = top
        var truncated = false
        let title = TextLimits.clean(toast.title)
        // A D-Bus toast names its application, small, above the title: many apps' summaries
        // ("New message") do not say who sent them. Not when it would repeat the title.
        // A desktop notification names its application; a script's toast says what it says.
        if toast.source == .bus, let app = toast.app.map({ TextLimits.clean($0).text }), !app.isEmpty, app != title.text {
            let block = TextBlock(text: "<small>" + MarkupSanitizer.escaped(app) + "</small>", isMarkup: true, width: textWidth, maxLines: 1)
            let extent = metrics.measure(block)
            content.append((.text(block, origin: Point(x: textX, y: y), color: c.secondary), y + extent.size.height))
            y += extent.size.height + px(1)
        }
        if !title.text.isEmpty {
            var block = TextBlock(text: title.text, style: FontStyle(bold: true), width: textWidth,
                                  maxLines: appearance.expanded ? expandedLines : Self.collapsedTitleLines)
            block.alignment = config.alignment
            block.ellipsize = config.ellipsize
            let extent = metrics.measure(block)
            content.append((.text(block, origin: Point(x: textX, y: y), color: c.text), y + extent.size.height))
            y += extent.size.height + px(CardMetrics.titleGap)
            truncated = truncated || extent.isCut || title.isCut
        }
        // The origin (`x-kde-origin-name`: the web site, the phone) is the title's second
        // line, small and quiet: who within the app it is from.
        if let origin = toast.origin.map({ TextLimits.clean($0).text }), !origin.isEmpty {
            let block = TextBlock(text: "<small>" + MarkupSanitizer.escaped(origin) + "</small>", isMarkup: true, width: textWidth, maxLines: 1)
            let extent = metrics.measure(block)
            content.append((.text(block, origin: Point(x: textX, y: y), color: c.secondary), y + extent.size.height))
            y += extent.size.height + px(CardMetrics.titleGap)
        }
        let message = TextLimits.clean(toast.message)
        var scroll: TextScroll?
        var links: [(index: Int, target: String, rect: Rect)] = []
        if !message.text.isEmpty {
            var lines = appearance.expanded ? expandedLines : Self.collapsedMessageLines
            var scrollable = false
            if appearance.expanded, let limit = appearance.expandedHeight, limit.isFinite {
                // What the card needs below the message, then as many lines as the rest holds.
                var below = padding + border / 2
                if (appearance.progress ?? toast.progress) != nil { below += px(CardMetrics.progressGap) + px(CardMetrics.progressHeight) }
                if !shownActions(toast).isEmpty { below += px(CardMetrics.buttonRowGap) + buttonHeight(metrics) }
                let fitting = Int(max(0, min(Double(TextLimits.maxScalars), ((limit - y - below) / max(1, lineHeight)).rounded(.down))))
                lines = max(Self.collapsedMessageLines, fitting)
                scrollable = true
            }
            let sanitized = toast.markup
                ? MarkupSanitizer.sanitize(message.text, linkColor: c.accent, hoveredLink: appearance.hoveredLink) : (markup: message.text, links: [])
            var block = TextBlock(text: sanitized.markup, isMarkup: toast.markup, width: textWidth, maxLines: lines)
            block.alignment = config.alignment
            block.ellipsize = config.ellipsize
            if scrollable, let visible = lines {
                // More lines than the card holds: a window on the whole message that the wheel moves.
                var whole = block
                whole.maxLines = nil
                let total = metrics.measure(whole).lineCount
                if total > visible {
                    let window = TextScroll(first: appearance.scrollLines, visible: visible, total: total)
                    block.firstLine = window.first
                    scroll = window
                }
            }
            var extent = metrics.measure(block)
            if let scroll {
                // The window keeps one height wherever it stands, even where lines are taller or
                // shorter (emoji, a large span): the card never changes size as the text scrolls.
                extent.size.height = Double(scroll.visible) * lineHeight
            }
            if !sanitized.links.isEmpty {
                let regions = metrics.rects(of: sanitized.links.map(\.bytes), in: block)
                for (index, (span, rects)) in zip(sanitized.links, regions).enumerated() {
                    links += rects.map { r in (index, span.target, Rect(x: textX + r.x, y: y + r.y, width: r.width, height: r.height)) }
                }
            }
            let color = title.text.isEmpty ? c.text : c.secondary.mixed(with: c.text, 0.45)
            content.append((.text(block, origin: Point(x: textX, y: y), color: color), y + extent.size.height))
            if scroll?.hasMoreBelow == true {
                let bottom = y + extent.size.height
                let lastLine = Rect(x: textX, y: bottom - lineHeight, width: textWidth, height: lineHeight)
                content += scrollFade(over: lastLine, color: c.background).map { ($0, bottom) }
            }
            y += extent.size.height
            truncated = truncated || extent.isCut || message.isCut
        }
        if let progress = appearance.progress ?? toast.progress {
            y += px(CardMetrics.progressGap)
            let track = Rect(x: textX, y: y, width: width - textX - padding, height: px(CardMetrics.progressHeight))
            content.append((.roundedRect(track, radius: track.height / 2, color: c.highlight.withAlpha(64)), track.maxY))
            let filled = (track.width * max(0, min(100, progress)) / 100).rounded()
            if filled >= 1 {
                content.append((.roundedRect(Rect(x: track.x, y: track.y, width: max(filled, track.height), height: track.height),
                                             radius: track.height / 2, color: c.highlight), track.maxY))
            }
            y += track.height
        }
        var buttons: [(id: String, rect: Rect)] = []
        var replyRects: ReplyRects?
        if let options = toast.reply, let look = appearance.reply {
            // The open reply field takes the buttons' row (`CardComposer+Reply`).
            y += px(CardMetrics.buttonRowGap)
            let row = replyRow(options, look, left: textX, right: width - padding, top: y, colors: c, metrics: metrics,
                               sendIcon: appearance.actionIcons[ReplyOptions.sendIconKey])
            content += row.ops.map { ($0, y + row.height) }
            replyRects = row.rects
            y += row.height
        } else if !shownActions(toast).isEmpty {
            y += px(CardMetrics.buttonRowGap)
            let (ops, rects) = buttonRow(shownActions(toast), trailingEdge: width - padding, top: y, colors: c,
                                         appearance: appearance, metrics: metrics)
            content += ops.map { ($0, y + buttonHeight(metrics)) }
            buttons = rects
            y += buttonHeight(metrics)
        }
        // The card is at least as tall as its icon, or its picture with the padding below it,
        // and never less than a pixel (no padding and no icon, its height animating from 0).
        let minimumHeight = max(1, picture ? top + iconSize + padding + border / 2 : padding * 2 + iconSize)
        let naturalHeight = max(y + padding + border / 2, minimumHeight).rounded()
        let fullHeight = min(naturalHeight, CardMetrics.maxSide)
        let height = min(appearance.heightLimit.map { max(minimumHeight.rounded(), $0.rounded()) } ?? fullHeight, CardMetrics.maxSide)
        truncated = truncated || naturalHeight > CardMetrics.maxSide
        if height < naturalHeight {
            // While the height animates, leave out what would spill over the bottom edge; text
            // keeps the lines that fit, the last one ending in "…".
            content = content.compactMap { item in
                guard item.bottom > height - border else { return item }
                guard case let .text(block, origin, color) = item.op else { return nil }
                let fitting = Int(max(0, min(1000, ((height - border - origin.y) / lineHeight).rounded(.down))))
                guard fitting >= 1 else { return nil }
                var shortened = block
                shortened.maxLines = min(block.maxLines ?? fitting, fitting)
                return (.text(shortened, origin: origin, color: color), item.bottom)
            }
            buttons = buttons.filter { $0.rect.maxY <= height - border }
        }

        var ops: [DrawOp] = []
        // Focus mode's ring: the card's edge in the text's colour (light on dark, dark on
        // light), the card drawn inside it.
        let ring = appearance.focused ? px(CardMetrics.focusRingWidth) : 0
        if ring > 0 { ops.append(.roundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: radius, color: c.text)) }
        let outline = Rect(x: ring, y: ring, width: width - 2 * ring, height: height - 2 * ring)
        let inner = max(0, radius - ring)
        if style == .tinted {
            ops.append(.roundedRect(outline, radius: inner, color: c.frame))
            ops.append(.roundedRect(Rect(x: ring + border, y: ring + border, width: outline.width - 2 * border, height: outline.height - 2 * border),
                                    radius: max(0, inner - border), color: c.background))
        } else {
            ops.append(.roundedRect(outline, radius: inner, color: c.background))
            ops.append(.roundedRectSlice(outline, radius: inner, visibleWidth: bar, color: c.frame))
        }
        // An icon is centred on the first line; a picture's top is the text's.
        let iconTop = picture ? top : top + max(0, (lineHeight - iconSize) / 2)
        let iconRect = Rect(x: bar + padding, y: iconTop, width: iconSize, height: iconSize)
        if !showsIcon {
            // `icon_position = off`: nothing drawn, and the spinner has no place either.
        } else if let image = appearance.iconImage {
            ops.append(.image(path: image, iconRect, tint: Self.isSymbolic(image) ? c.text : nil))
        } else {
            ops.append(.icon(IconRaster.shape(for: toast.kind), iconRect, color: c.accent, phase: 0))
        }
        ops += content.map(\.op)
        if let badge {
            // In the close button's corner, or beside it while the pointer shows it.
            let trailing = width - padding + px(CardMetrics.closeButtonOutset)
                - (appearance.hovered ? closeSize + px(CardMetrics.countGap) : 0)
            let origin = Point(x: (trailing - badge.size.width).rounded(), y: top - px(CardMetrics.closeButtonOutset) / 2)
            ops += badge.ops.map { $0.offsetBy(x: origin.x, y: origin.y) }
        }
        var close: Rect?
        if appearance.hovered {
            let r = Rect(x: width - padding - closeSize + px(CardMetrics.closeButtonOutset), y: top - px(CardMetrics.closeButtonOutset),
                         width: closeSize, height: closeSize)
            ops.append(.icon(.close, r, color: c.secondary, phase: 0))
            let slop = px(CardMetrics.closeButtonSlop)
            close = Rect(x: r.x - slop, y: r.y - slop, width: r.width + 2 * slop, height: r.height + 2 * slop)
        }
        var expand: Rect?
        if truncated, toast.defaultAction != nil, !appearance.expanded {
            // A small chevron in the right-hand column, under the close button's place (clear of
            // the text and of the buttons' row): the body click belongs to the action.
            let r = Rect(x: width - padding - closeSize + px(4), y: top + closeSize + px(2), width: closeSize, height: closeSize)
            ops.append(.text(TextBlock(text: "\u{25BE}", width: closeSize, maxLines: 1), origin: Point(x: r.x, y: r.y), color: c.secondary))
            expand = Rect(x: r.x - px(4), y: r.y - px(4), width: r.width + px(8), height: r.height + px(8))
        }
        var card = ComposedCard(scene: CardScene(size: Size(width: width, height: height), cornerRadius: radius, ops: ops),
                        isTruncated: truncated, closeButton: close, iconRect: iconRect, buttons: buttons, fullHeight: fullHeight)
        card.expandButton = expand
        card.scroll = scroll
        card.links = links.filter { $0.rect.maxY <= height - border }
        if let replyRects, replyRects.field.maxY <= height - border {
            card.replyField = replyRects.field
            card.replySend = replyRects.send
            card.replyText = replyRects.text
            card.replyTextStart = replyRects.textStart
            card.replyCaret = replyRects.caret
        }
        return card
    }

    /// The repeat count as a small pill (`×3`): the accent behind the count in bold, in the
    /// card's background colour, readable on either theme. Nil for a toast shown once.
    func countBadge(_ count: Int, colors c: Colors, metrics: TextMeasuring) -> (size: Size, ops: [DrawOp])? {
        guard count > 1 else { return nil }
        var label = TextBlock(text: "<small>\u{00D7}\(min(count, Repeats.maxCount))</small>", isMarkup: true,
                              style: FontStyle(bold: true), width: px(config.cardWidth), maxLines: 1)
        let extent = metrics.measure(label)
        label.width = extent.size.width.rounded(.up)
        let height = (extent.size.height + 2 * px(CardMetrics.countVerticalInset)).rounded()
        let width = max(height, (label.width + 2 * px(CardMetrics.countInset)).rounded())
        let pill = Rect(x: 0, y: 0, width: width, height: height)
        return (Size(width: width, height: height), [
            .roundedRect(pill, radius: height / 2, color: c.accent),
            .text(label, origin: Point(x: ((width - label.width) / 2).rounded(), y: ((height - extent.size.height) / 2).rounded()),
                  color: c.background.withAlpha(255)),
        ])
    }

    /// The hint that a scrolled message goes on below: its last shown line fades into the
    /// card's background, in `CardMetrics.scrollFadeSteps` bands that grow denser downward.
    func scrollFade(over line: Rect, color: RGBA) -> [DrawOp] {
        let steps = CardMetrics.scrollFadeSteps
        return (1...steps).map { i in
            let h = (line.height * Double(i) / Double(steps)).rounded()
            return .roundedRect(Rect(x: line.x, y: line.maxY - h, width: line.width, height: h), radius: 0,
                                color: color.withAlpha(CardMetrics.scrollFadeAlpha))
        }
    }

    /// Whether an icon file is a symbolic one (`NAME-symbolic.svg`, `.png`, …): a monochrome
    /// shape meant to be drawn in the colour of the text beside it.
    public static func isSymbolic(_ path: String) -> Bool {
        let file = path.split(separator: "/").last ?? ""
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return stem.hasSuffix("-symbolic")
    }

    func buttonHeight(_ metrics: TextMeasuring) -> Double { (metrics.lineHeight + px(CardMetrics.buttonExtraHeight)).rounded() }

    /// Action buttons in the seeds' style: the kind's colour at 20% behind a label in that
    /// colour, a little stronger under the pointer and dimmed while pressed; right-aligned.
    func buttonRow(_ actions: [Action], trailingEdge: Double, top: Double, colors c: Colors,
                           appearance: Appearance, metrics: TextMeasuring) -> ([DrawOp], [(id: String, rect: Rect)]) {
        let height = buttonHeight(metrics)
        let inset = px(CardMetrics.buttonLabelInset)
        var x = trailingEdge
        var ops: [DrawOp] = []
        var rects: [(id: String, rect: Rect)] = []
        for action in actions.reversed() {
            let label = TextLimits.clean(action.label).text
            var block = TextBlock(text: label, style: FontStyle(bold: true), width: px(config.cardWidth), maxLines: 1)
            let iconFile = appearance.actionIcons[action.id]
            let extent = iconFile == nil ? metrics.measure(block) : TextExtent(size: Size(width: 0, height: 0), lineCount: 0, isCut: false)
            block.width = extent.size.width.rounded(.up)
            // An icon button is as wide as it is tall (a little wider than the row's text).
            let w = iconFile == nil ? (block.width + 2 * inset).rounded() : max(height, px(Self.iconSize) + inset).rounded()
            x -= w
            let rect = Rect(x: x, y: top, width: w, height: height)
            let pressed = appearance.pressedButton == action.id
            let hovered = appearance.hoveredButton == action.id
            // A purpose's colour (Accept's success, Decline's error) over the toast's accent.
            let accent = action.purpose?.kind.map { RGBA(rgb: config.color(for: $0)) } ?? c.accent
            let fill = accent.withAlpha(pressed ? 31 : hovered ? 77 : 51)
            if appearance.focused, appearance.focusedButton == action.id {
                // The focused button: a ring in the text's colour, the card's background inside it.
                let w = px(CardMetrics.focusRingWidth)
                ops.append(.roundedRect(Rect(x: rect.x - w, y: rect.y - w, width: rect.width + 2 * w, height: rect.height + 2 * w),
                                        radius: px(CardMetrics.buttonRadius) + w, color: c.text))
                ops.append(.roundedRect(rect, radius: px(CardMetrics.buttonRadius), color: c.background))
            }
            ops.append(.roundedRect(rect, radius: px(CardMetrics.buttonRadius), color: fill))
            let labelColor = pressed ? accent.mixed(with: c.background, 0.35) : accent
            if let iconFile {
                let side = min(px(Self.iconSize), height)
                let icon = Rect(x: (x + (w - side) / 2).rounded(), y: (top + (height - side) / 2).rounded(), width: side, height: side)
                ops.append(.image(path: iconFile, icon, tint: Self.isSymbolic(iconFile) ? labelColor : nil))
            } else {
                ops.append(.text(block, origin: Point(x: x + inset, y: (top + (height - extent.size.height) / 2).rounded()), color: labelColor))
            }
            rects.insert((action.id, rect), at: 0)
            x -= px(CardMetrics.buttonSpacing)
        }
        return (ops, rects)
    }

    /// The capsule: a pill holding the icon and one line of text, sized to its content: the
    /// title in bold followed by the message, each on one line.
    private func composeCapsule(_ given: Toast, appearance: Appearance, metrics: TextMeasuring) -> ComposedCard {
        let toast = presented(given, age: appearance.age)
        let c = colors(for: toast, style: .capsule)
        let iconSize = px(CardMetrics.capsuleIconSize)
        let padding = px(config.padding)
        let height = (max(metrics.lineHeight, iconSize) + padding * 1.2).rounded()
        func oneLine(_ text: String) -> (text: String, isCut: Bool) {
            let cut = TextLimits.clean(text)
            return (cut.text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " "), cut.isCut)
        }
        let title = oneLine(toast.title), message = oneLine(toast.message)
        let messageMarkup = toast.markup ? MarkupSanitizer.pangoMarkup(message.text, linkColor: c.accent, lineBreak: " ") : MarkupSanitizer.escaped(message.text)
        // A repeat count follows the text, in bold: the pill has no corner to spare.
        let count = toast.count > 1 ? "<b>\u{00D7}\(min(toast.count, Repeats.maxCount))</b>" : ""
        let markup = [title.text.isEmpty ? "" : "<b>\(MarkupSanitizer.escaped(title.text))</b>", messageMarkup, count]
            .filter { !$0.isEmpty }.joined(separator: "  ")
        let gap = px(CardMetrics.capsuleIconGap)
        // At least 1 px: a width of 0 or less means "no wrapping" to Pango, and a wide padding
        // on a narrow card must not turn 4 000 characters into one line past X's 32 767 px.
        let maxText = max(1, cardWidth(appearance) - height - iconSize - gap)
        var block = TextBlock(text: markup, isMarkup: true, width: maxText, maxLines: 1)
        let extent = metrics.measure(block)
        block.width = extent.size.width.rounded(.up)
        let width = (height / 2 + iconSize + gap + block.width + height / 2).rounded()
        let iconRect = Rect(x: (height / 2).rounded(), y: ((height - iconSize) / 2).rounded(), width: iconSize, height: iconSize)
        let ring = appearance.focused ? px(CardMetrics.focusRingWidth) : 0
        var ops: [DrawOp] = ring > 0 ? [.roundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: height / 2, color: c.text)] : []
        ops += [
            .roundedRect(Rect(x: ring, y: ring, width: width - 2 * ring, height: height - 2 * ring), radius: height / 2 - ring, color: c.background),
            .icon(IconRaster.shape(for: toast.kind), iconRect, color: c.accent, phase: 0),
        ]
        if !markup.isEmpty {
            ops.append(.text(block, origin: Point(x: iconRect.maxX + gap, y: ((height - extent.size.height) / 2).rounded()), color: c.text))
        }
        return ComposedCard(scene: CardScene(size: Size(width: width, height: height.rounded()), cornerRadius: height / 2, ops: ops),
                    isTruncated: extent.isCut || title.isCut || message.isCut, closeButton: nil, iconRect: iconRect)
    }

    /// The small card that says how many toasts wait behind a full stack.
    public func composeMore(count: Int, metrics: TextMeasuring) -> CardScene {
        let c = colors(for: .info, style: .accent)
        let padding = px(config.padding)
        var label = TextBlock(text: "+\(count) more", width: px(config.cardWidth), maxLines: 1)
        let extent = metrics.measure(label)
        label.width = extent.size.width.rounded(.up)
        let height = (metrics.lineHeight + padding).rounded()
        let width = (label.width + 2 * padding).rounded()
        return CardScene(size: Size(width: width, height: height), cornerRadius: height / 2, ops: [
            .roundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: height / 2, color: c.background),
            .text(label, origin: Point(x: padding, y: ((height - extent.size.height) / 2).rounded()), color: c.secondary),
        ], followsPointer: false)
    }
}
