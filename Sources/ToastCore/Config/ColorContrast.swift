import Glibc

/// Whether a card's text can be read on its fill: WCAG 2's contrast ratio between the two
/// colours' relative luminances, from 1:1 (the same) to 21:1 (black on white).
///
/// A config whose colours put text below `minimumRatio` gets a warning at the line that set
/// them (the card is still drawn as asked: the user may mean it), so a dunstrc's grey on grey
/// is seen before it is squinted at.
public enum ColorContrast {
    /// WCAG's floor for large or bold text (AA); the card's title is bold.
    public static let minimumRatio = 3.0

    /// The relative luminance of an sRGB colour, 0 (black) to 1 (white).
    public static func luminance(_ rgb: UInt32) -> Double {
        func channel(_ shift: UInt32) -> Double {
            let c = Double(rgb >> shift & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker.
    public static func ratio(_ a: UInt32, _ b: UInt32) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Warnings for every kind and urgency whose card text would be below the ratio, each
    /// at the line of the narrowest colour setting involved (`lines`, keyed `SECTION.KEY`),
    /// one per line; and for each rule that sets a colour, at the rule's line.
    package static func diagnostics(_ config: Config, file: String, lines: [String: Int]) -> [ConfigDiagnostic] {
        var found: [Int: String] = [:]
        let composer = CardComposer(config: config, scale: 1)
        for kind in Kind.allCases {
            for urgency in Urgency.allCases {
                let set = config.cardColors(kind: kind, urgency: urgency)
                guard set.background != nil || set.foreground != nil else { continue }
                let c = composer.colors(for: kind, style: config.style, urgency: urgency)
                // The line of the narrowest layer that set the fill or the text.
                let keys = ["colors.\(urgency.rawValue)", "colors.\(kind.rawValue)", "card"].flatMap { layer in
                    [layer == "card" ? "card.background" : "\(layer).background",
                     layer == "card" ? "card.foreground" : "\(layer).foreground"]
                }
                // The last line that set one of them: the one that made the text unreadable.
                guard let line = keys.compactMap({ lines[$0] }).max(), found[line] == nil else { continue }
                if let warning = warning(text: c.text.rgb, on: c.background.rgb, for: "\(kind.rawValue) \(urgency.rawValue) cards") {
                    found[line] = warning
                }
            }
        }
        for rule in config.rules.rules {
            guard let set = rule.settings.cardColors, set.background != nil || set.foreground != nil else { continue }
            let c = composer.colors(for: .info, style: config.style, rule: set)
            if let warning = warning(text: c.text.rgb, on: c.background.rgb, for: "rule '\(rule.name)'") {
                found[rule.line] = found[rule.line] ?? warning
            }
        }
        return found.sorted { $0.key < $1.key }.map { ConfigDiagnostic(file: file, line: $0.key, message: $0.value) }
    }

    static func warning(text: UInt32, on background: UInt32, for what: String) -> String? {
        let ratio = ratio(text, background)
        guard ratio < minimumRatio else { return nil }
        let shown = (ratio * 10).rounded(.down) / 10
        return "warning: text \(hex(text)) on \(hex(background)) for \(what) has a contrast of \(shown):1, "
            + "below \(Int(minimumRatio)):1: hard to read; set a foreground or background further apart"
    }

    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
