/// High-contrast cards (`Config.highContrast`): the fill is opaque and untinted, and the
/// text, the border, the icon and the buttons each stand at least
/// `HighContrast.minimumRatio` against it. The user's own colours (`[card]`, `[colors]`,
/// a rule's) win where they reach that ratio; a colour below it gives way to the
/// high-contrast palette's (`ColorContrast.highContrastOverride` says so once, in the log).
extension CardComposer {
    func highContrastColors(for kind: Kind, urgency: Urgency, color: UInt32?, rule: CardColors?) -> Colors {
        let palette = Palette.highContrast(config.theme)
        let set = config.cardColors(kind: kind, urgency: urgency).layered(rule)
        var background = set.background ?? palette.background
        var text = set.foreground ?? palette.text
        if !HighContrast.reads(text, on: background) {
            background = palette.background
            text = palette.text
        }
        func readable(_ wanted: UInt32?, else fallback: UInt32) -> UInt32 {
            guard let wanted, HighContrast.reads(wanted, on: background) else { return fallback }
            return wanted
        }
        // The palette's accent is chosen for its fill; on a user's fill it may not read.
        let ownAccent = palette.accent(for: kind)
        let fallbackAccent = HighContrast.reads(ownAccent, on: background) ? ownAccent : text
        let accent = readable(color ?? config.colors[kind], else: fallbackAccent)
        let secondary = set.foreground == nil && background == palette.background ? palette.secondaryText : text
        return Colors(accent: RGBA(rgb: accent), background: RGBA(rgb: background), text: RGBA(rgb: text),
                      secondary: RGBA(rgb: secondary), frame: RGBA(rgb: readable(set.frame, else: accent)),
                      highlight: RGBA(rgb: readable(set.highlight, else: accent)))
    }
}

/// The contrast high-contrast cards keep: WCAG's 7:1 (AAA for body text).
public enum HighContrast {
    public static let minimumRatio = 7.0

    /// `color` stands at least `minimumRatio` against `background`.
    public static func reads(_ color: UInt32, on background: UInt32) -> Bool {
        ColorContrast.ratio(color, background) >= minimumRatio
    }
}

extension HighContrast {
    /// One line for the log when high-contrast cards are on and some of the user's own card
    /// colours (`[card]`, `[colors]`, a rule's) stand below `minimumRatio` against their
    /// fill, so the high-contrast palette's are drawn instead; nil when all of them read (or
    /// high contrast is off). Names the first such pair and how many there are.
    public static func overrideNotice(_ config: Config) -> String? {
        guard config.highContrast else { return nil }
        let palette = Palette.highContrast(config.theme)
        var weak: [(what: String, text: UInt32, background: UInt32)] = []
        func check(_ set: CardColors, _ what: String) {
            guard !set.isEmpty else { return }
            let background = set.background ?? palette.background
            for part in [set.foreground ?? palette.text] + [set.frame, set.highlight].compactMap({ $0 })
            where !reads(part, on: background) {
                return weak.append((what, part, background))
            }
        }
        for kind in Kind.allCases {
            for urgency in Urgency.allCases { check(config.cardColors(kind: kind, urgency: urgency), "\(kind.rawValue) \(urgency.rawValue) cards") }
        }
        for rule in config.rules.rules {
            if let set = rule.settings.cardColors { check(config.cardColors(kind: .info, urgency: .normal).layered(set), "rule '\(rule.name)'") }
        }
        guard let first = weak.first else { return nil }
        let ratio = (ColorContrast.ratio(first.text, first.background) * 10).rounded(.down) / 10
        let more = weak.count > 1 ? " (and \(weak.count - 1) more)" : ""
        return "high contrast: \(ColorContrast.hex(first.text)) on \(ColorContrast.hex(first.background)) for \(first.what)\(more) "
            + "is \(ratio):1, below \(Int(minimumRatio)):1: the high-contrast theme's colours are drawn there instead"
    }
}
