import ConfigParsing
import Testing
import ToastCore

/// High-contrast cards (`[card] theme`, the desktop's `Net/ThemeName`): every part that
/// carries meaning stands at least 7:1 against an opaque, untinted fill.
@Suite struct HighContrastTests {
    private func config(_ text: String) -> Config {
        let result = ConfigParser.parse(text, file: "c")
        return result.config
    }

    private func colors(_ config: Config, kind: Kind = .info, urgency: Urgency = .normal,
                        style: CardStyle = .tinted) -> CardComposer.Colors {
        CardComposer(config: config, scale: 1).colors(for: kind, style: style, urgency: urgency)
    }

    private func ratio(_ a: RGBA, _ b: RGBA) -> Double { ColorContrast.ratio(a.rgb, b.rgb) }

    @Test func everyKindAndUrgencyReadsAtSevenToOne() {
        for theme in ["dark", "light"] {
            let c = config("[general]\ntheme = \(theme)\n[card]\ntheme = high-contrast\n")
            for kind in Kind.allCases {
                for urgency in Urgency.allCases {
                    for style in CardStyle.allCases {
                        let set = colors(c, kind: kind, urgency: urgency, style: style)
                        #expect(set.background.a == 255)
                        for (part, color) in [("text", set.text), ("secondary", set.secondary), ("frame", set.frame),
                                              ("accent", set.accent), ("highlight", set.highlight)] {
                            #expect(ratio(color, set.background) >= 7, "\(theme) \(kind) \(urgency) \(style) \(part)")
                        }
                    }
                }
            }
        }
    }

    @Test func theFillIsNotTinted() {
        let c = config("[card]\ntheme = high-contrast\n")
        #expect(colors(c, kind: .error).background.rgb == 0x000000)
        #expect(colors(config("")).background.rgb != 0x1C1C1E)  // the standard theme tints
    }

    @Test func theDesktopsHighContrastThemeTurnsItOn() {
        var c = Config()
        c.desktop = DesktopSettings(themeName: "HighContrast")
        #expect(colors(c).background.rgb == 0x000000)
        c.cardTheme = .standard
        #expect(colors(c).background.rgb != 0x000000)
    }

    @Test func theUsersOwnColoursWinWhereTheyRead() {
        let c = config("[card]\ntheme = high-contrast\nbackground = #102030\nforeground = #FFFF00\nframe_color = #FFFFFF\n")
        let set = colors(c)
        #expect(set.background.rgb == 0x102030 && set.text.rgb == 0xFFFF00 && set.frame.rgb == 0xFFFFFF)
        #expect(HighContrast.overrideNotice(c) == nil)
    }

    @Test func theUsersColoursBelowSevenGiveWayWithOneNotice() {
        let c = config("[card]\ntheme = high-contrast\nbackground = #303030\nforeground = #808080\n")
        let set = colors(c)
        #expect(set.background.rgb == 0x000000 && set.text.rgb == 0xFFFFFF)
        let notice = HighContrast.overrideNotice(c)
        #expect(notice?.hasPrefix("high contrast: #808080 on #303030") == true, "\(notice ?? "nil")")
        #expect(HighContrast.overrideNotice(config("[card]\nbackground = #303030\nforeground = #808080\n")) == nil)
    }

    @Test func theHighContrastPalettesThemselvesRead() {
        for palette in [Palette.highContrastDark, .highContrastLight] {
            #expect(ColorContrast.ratio(palette.text, palette.background) >= 7)
            #expect(ColorContrast.ratio(palette.secondaryText, palette.background) >= 7)
            for kind in Kind.allCases { #expect(ColorContrast.ratio(palette.accent(for: kind), palette.background) >= 7) }
        }
    }
}
