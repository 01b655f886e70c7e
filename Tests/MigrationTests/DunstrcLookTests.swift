import ConfigParsing
import Testing
@testable import Migration
import ToastCore

/// `import-dunstrc` for how a card looks and where it goes (issue 28): colours, text, order,
/// the mouse and offsets, each read back by xtoast's own parser with no diagnostic.
@Suite struct DunstrcLookTests {
    private func translated(_ text: String) -> (config: Config, diagnostics: [String], text: String) {
        let result = DunstrcTranslator.translate(text)
        let parsed = ConfigParser.parse(result.config, file: "translated")
        #expect(parsed.diagnostics.map(\.description) == [], "\(result.config)")
        return (parsed.config, result.diagnostics, result.config)
    }

    @Test("a dunst critical card is a red card: [urgency_critical] background = #900000 is the critical cards' fill")
    func urgencyColors() {
        let (config, diagnostics, _) = translated("""
            [urgency_low]
                background = "#222222"
                foreground = "#888888"
            [urgency_critical]
                background = "#900000"
                foreground = "#ffffff"
                frame_color = "#ff0000"
                highlight = "#ff6666"
            """)
        #expect(config.urgencyColors[.critical] == CardColors(background: 0x900000, foreground: 0xFFFFFF, frame: 0xFF0000, highlight: 0xFF6666))
        #expect(config.urgencyColors[.low]?.background == 0x222222, "a fill, not an accent")
        #expect(config.colors.isEmpty, "the kinds keep their accents")
        #expect(!diagnostics.contains { $0.contains("background") || $0.contains("foreground") })
        let c = CardComposer(config: config, scale: 1).colors(for: .error, style: config.style, urgency: .critical)
        #expect(c.background == RGBA(rgb: 0x900000))
    }

    @Test("dunst's own colours where the dunstrc sets none; [global] colours for every card")
    func defaultsAndGlobal() {
        let plain = translated("[global]\nfont = Monospace 8\n").config
        #expect(plain.urgencyColors[.normal] == CardColors(background: 0x285577, foreground: 0xFFFFFF, frame: 0x888888, highlight: 0x1745D1))
        #expect(plain.urgencyColors[.critical]?.background == 0x900000)
        let global = translated("[global]\nbackground = \"#101010\"\nframe_color = \"#aaaaaa\"\n").config
        #expect(global.cardColors.background == 0x101010 && global.cardColors.frame == 0xAAAAAA)
        #expect(global.urgencyColors[.normal]?.background == nil, "the dunstrc's [global] stands for every urgency")
        #expect(global.urgencyColors[.normal]?.foreground == 0xFFFFFF)
    }

    @Test("a rule's background, foreground, frame_color, highlight, format, hide_text and icon_position")
    func rules() throws {
        let (config, diagnostics, _) = translated("""
            [spotify]
                appname = Spotify
                background = "#1DB954"
                foreground = "#000000"
                frame_color = "#1ed760"
                highlight = "#ffffff"
                format = "<b>%s</b> %b"
                hide_text = true
                icon_position = off
            """)
        #expect(diagnostics == [])
        let rule = try #require(config.rules.rules.first { $0.name == "spotify" })
        #expect(rule.settings.cardColors == CardColors(background: 0x1DB954, foreground: 0x000000, frame: 0x1ED760, highlight: 0xFFFFFF))
        #expect(rule.settings.format == "<b>%s</b> %b" && rule.settings.hideText == true && rule.settings.iconPosition == .off)
        #expect(rule.settings.color == nil)
    }

    @Test("format, markup, alignment, ellipsize, ignore_newline; dunst's default format when unset")
    func text() {
        let (config, diagnostics, _) = translated("""
            [global]
                format = "%a: <i>%s</i>\\n%b %p"
                markup = strip
                alignment = center
                ellipsize = start
                ignore_newline = yes
            """)
        #expect(diagnostics == [])
        #expect(config.format == "%a: <i>%s</i>\\n%b %p" && config.markup == .strip && config.alignment == .center)
        #expect(config.ellipsize == .start && config.ignoreNewline)
        #expect(translated("[global]\nfont = x 9\n").config.format == CardFormat.dunstDefault)
    }

    @Test("show_age_threshold: seconds or a unit, dunst's 60 when unset, a negative one off; a rule's markup = strip")
    func ageAndStrip() {
        #expect(translated("[global]\nshow_age_threshold = 2m\n").config.showAgeThreshold == 120)
        #expect(translated("[global]\nfont = x 9\n").config.showAgeThreshold == 60)
        let off = translated("[global]\nshow_age_threshold = -1\n")
        #expect(off.config.showAgeThreshold == nil && off.diagnostics == [])
        #expect(translated("[global]\nshow_age_threshold = soon\n").diagnostics.first?.contains("show_age_threshold (") == true)
        // An empty new_icon or default_icon is none set, as dunst reads it (found by fuzz-dunstrc).
        let empty = translated("[slack]\nappname = Slack\nnew_icon =;x\ndefault_icon =\nurgency = low\n[urgency_low]\nicon =\n")
        #expect(empty.config.rules.evaluate(RuleSubject(app: "Slack")).matched.contains("slack"))
        let strip = translated("[plain]\nappname = chat\nmarkup = strip\n")
        #expect(strip.config.rules.evaluate(RuleSubject(app: "chat")).settings.stripsMarkup == true && strip.diagnostics == [])
    }

    @Test("order: dunst's oldest (and most urgent) at the top; at the bottom the same list, so the newest at the edge")
    func order() {
        let top = translated("[global]\norigin = top-right\n").config
        #expect(top.sort == .urgency && top.stack == .oldestAtEdge, "dunst's sort = true by default")
        let bottom = translated("[global]\norigin = bottom-left\nsort = false\n").config
        #expect(bottom.sort == .arrival && bottom.stack == .newestAtEdge && bottom.position == .bottomLeft)
        let update = translated("[global]\nsort = update\n").config
        #expect(update.sort == .update && update.stack == .newestAtEdge)
        #expect(translated("[global]\nsort = urgency_ascending\n").diagnostics.contains { $0.contains("sort (") })
    }

    @Test("notification_limit: 0 is unlimited (max_visible = 0), dunst's default 20 (less the hidden count's slot) when unset")
    func limit() {
        #expect(translated("[global]\nnotification_limit = 0\n").config.maxVisible == 0)
        // dunst's "N hidden" line takes one of its slots (indicate_hidden, on by default);
        // xtoast's "+N more" card is beside the cards.
        #expect(translated("[global]\nnotification_limit = 7\n").config.maxVisible == 6)
        #expect(translated("[global]\nnotification_limit = 7\nindicate_hidden = no\n").config.maxVisible == 7)
        #expect(translated("[global]\nfont = x 9\n").config.maxVisible == 19)
        #expect(translated("[global]\nnotification_limit = 0\n").diagnostics.isEmpty)
    }

    @Test("mouse: dunst's actions, and its defaults written out when unset")
    func mouse() {
        let defaults = translated("[global]\nfont = x 9\n").config.mouse
        #expect(defaults == MouseBindings.dunst)
        let (config, diagnostics, _) = translated("""
            [global]
                mouse_left_click = do_action, close_current
                mouse_middle_click = none
                mouse_right_click = context
            """)
        #expect(diagnostics == [])
        #expect(config.mouse == MouseBindings(left: [.doAction, .closeCurrent], middle: [], right: [.context]))
        #expect(translated("[global]\nmouse_middle_click = do_action, remove_current\n").config.mouse.middle == [.doAction, .closeCurrent])
        #expect(translated("[global]\nmouse_left_click = fly\n").diagnostics.contains { $0.contains("mouse_left_click (") })
    }

    @Test("offset: across and down apart (margin_x, margin_y); dunst's default 10x50 when unset")
    func offsets() {
        let apart = translated("[global]\norigin = top-right\noffset = 10x300\n").config
        #expect(apart.marginX == 10 && apart.marginY == 300)
        let same = translated("[global]\norigin = top-left\noffset = (20, 20)\n").config
        #expect(same.margin == 20 && same.horizontalMargin == nil)
        let unset = translated("[global]\nfont = x 9\n").config
        #expect(unset.marginX == 10 && unset.marginY == 50)
    }
}
