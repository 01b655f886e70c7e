@testable import ConfigParsing
import Foundation
import Testing
@testable import ToastCore

private func parse(_ text: String, base: Config = .default) -> (config: Config, diagnostics: [ConfigDiagnostic]) {
    ConfigParser.parse(text, file: "test.conf", base: base)
}

/// The diagnostics as "LINE: message", which is what the tests care about.
private func problems(_ text: String) -> [String] {
    parse(text).diagnostics.map { "\($0.line): \($0.message)" }
}

@Suite struct ConfigParserTests {
    @Test("lines end at LF and CRLF only, as dunst reads them: U+2028, U+2029, NEL, VT and FF are characters of their line (issue 43)",
          arguments: ["\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\r"])
    func lineEndsAreLFAndCRLFOnly(_ separator: String) {
        let parsed = ConfigParser.parse("[general]\ntimeout = 5\(separator)max_visible = 1\n", file: "t")
        #expect(parsed.config.maxVisible == Config.default.maxVisible, "no second line, so no max_visible")
        #expect(parsed.diagnostics.map(\.line) == [2], "\(parsed.diagnostics)")
        let rule = ConfigParser.parse("[rule x]\nmatch app = \"a\(separator)b\"\n", file: "t")
        #expect(rule.config.rules.rules.first?.matches.first?.value == "a\(separator)b")
        let crlf = ConfigParser.parse("[general]\r\ntimeout = 5\r\nmax_visible = 1\r\n", file: "t")
        #expect(crlf.diagnostics.isEmpty && crlf.config.maxVisible == 1 && crlf.config.timeout == 5)
    }

    @Test func emptyFileKeepsTheBase() {
        var base = Config()
        base.radius = 3
        let result = parse("", base: base)
        #expect(result.config == base)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func everyKeyApplies() {
        let text = """
            [general]
            theme = light
            style = capsule
            position = bottom-left
            scale = 1.5
            max_visible = 3
            timeout = 6.5

            [font]
            family = "DejaVu Sans"
            size = 12

            [card]
            radius = 4
            border_width = 0
            padding = 10
            width = 400
            gap = 6
            margin = 24

            [colors]
            info = #000001
            success = #000002
            warning = #000003
            error = #000004
            notice = #000005
            debug = #000006
            loading = #abcdef

            [timeouts]
            info = 1
            success = 2
            warning = 3
            error = 4.5
            notice = 5
            debug = 6
            loading = 7

            [motion]
            spring_response = 0.4
            spring_damping_fraction = 0.7
            snap_back_response = 0.3
            snap_back_damping_fraction = 0.9
            exit_duration = 0.2
            swipe_distance_fraction = 0.5
            swipe_velocity = 600
            velocity_window = 0.1
            axis_lock_distance = 5
            click_slop = 6
            rubber_band_limit = 30
            settle_distance = 1
            settle_speed = 8
            """
        var expected = Config()
        expected.theme = .light
        expected.style = .capsule
        expected.position = .bottomLeft
        expected.scale = 1.5
        expected.maxVisible = 3
        expected.timeout = 6.5
        expected.font = "DejaVu Sans"
        expected.fontSize = 12
        expected.radius = 4
        expected.borderWidth = 0
        expected.padding = 10
        expected.cardWidth = 400
        expected.gap = 6
        expected.margin = 24
        expected.colors = [.info: 1, .success: 2, .warning: 3, .error: 4, .notice: 5, .debug: 6,
                           .loading: 0xABCDEF]
        expected.timeouts = [.info: 1, .success: 2, .warning: 3, .error: 4.5, .notice: 5, .debug: 6,
                             .loading: 7]
        expected.motion.springResponse = 0.4
        expected.motion.springDampingFraction = 0.7
        expected.motion.snapBackResponse = 0.3
        expected.motion.snapBackDampingFraction = 0.9
        expected.motion.exitDuration = 0.2
        expected.motion.swipeDistanceFraction = 0.5
        expected.motion.swipeVelocity = 600
        expected.motion.velocityWindow = 0.1
        expected.motion.axisLockDistance = 5
        expected.motion.clickSlop = 6
        expected.motion.rubberBandLimit = 30
        expected.motion.settleDistance = 1
        expected.motion.settleSpeed = 8

        let result = parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.config == expected)
    }

    @Test func defaultRemovesOverridesAndAutoClearsScale() {
        var base = Config()
        base.colors[.info] = 0x111111
        base.timeouts[.error] = 9
        base.scale = 2
        let result = parse("[colors]\ninfo = default\n[timeouts]\nerror = DEFAULT\n[general]\nscale = auto",
                           base: base)
        #expect(result.diagnostics.isEmpty)
        #expect(result.config == Config())
    }

    @Test func commentsBlankLinesAndQuotes() {
        let text = """
            # a comment
            ; another

            [general]   # trailing comment on a header
            theme = light # inline comment
            position = "bottom" ; inline after quotes
            [font]
            family = 'Noto Sans; #1' # quotes keep ; and #
            [colors]
            info = #00FF00 # a colour is not a comment
            error=#FF0000;no space, so still part of the value
            """
        let result = parse(text)
        #expect(result.config.theme == .light)
        #expect(result.config.position == .bottom)
        #expect(result.config.font == "Noto Sans; #1")
        #expect(result.config.colors[.info] == 0x00FF00)
        #expect(result.diagnostics.map(\.line) == [11])
    }

    @Test func bareStringsKeepInnerSpaces() {
        #expect(parse("[font]\nfamily =   Noto Sans CJK JP   ").config.font == "Noto Sans CJK JP")
    }

    @Test func namesAndEnumValuesIgnoreCase() {
        let result = parse("[GENERAL]\nTheme = Light\nPOSITION = Top-Left")
        #expect(result.diagnostics.isEmpty)
        #expect(result.config.theme == .light)
        #expect(result.config.position == .topLeft)
    }

    @Test func windowsLineEndingsCountLinesCorrectly() {
        let result = parse("[general]\r\ntheme = light\r\n\r\nstyle = neon\r\n")
        #expect(result.config.theme == .light)
        #expect(result.diagnostics.map(\.line) == [4])
    }

    @Test func unknownSectionIsReportedOnceAndItsKeysSkipped() {
        #expect(problems("[general]\ntheme = light\n[colours]\ninfo = #FFFFFF\nerror = #000000") == [
            "3: unknown section [colours]; expected one of [general], [font], [card], [colors], [text], [timeouts], [motion], [keys], [mouse], [rules], [sound], [calls], [center], [quiet] or [rule NAME]",
        ])
    }

    @Test func unknownKeyListsTheKnownOnes() {
        #expect(problems("[font]\nfamily = x\nstretch = condensed") == [
            "3: unknown key 'stretch' in [font]; expected one of family, size, weight, style",
        ])
    }

    @Test func keyOutsideASection() {
        #expect(problems("theme = light\n[general]") == [
            "1: 'theme' is not in a section; put it under one, e.g. [general]",
        ])
    }

    @Test func wrongTypes() {
        #expect(problems("""
            [card]
            radius = round
            width = 360px
            [general]
            max_visible = 2.5
            timeout = inf
            scale = nan
            [colors]
            info = blue
            error = #FF000
            notice = #GG0000
            debug = FF0000
            """) == [
            "2: radius: expected a number, got 'round'",
            "3: width: expected a number, got '360px'",
            "5: max_visible: expected a whole number, got '2.5'",
            "6: timeout: expected a number, got 'inf'",
            "7: scale: expected a number, got 'nan'",
            "9: info: expected a colour like #RRGGBB or 'default', got 'blue'",
            "10: error: expected a colour like #RRGGBB or 'default', got '#FF000'",
            "11: notice: expected a colour like #RRGGBB or 'default', got '#GG0000'",
            "12: debug: expected a colour like #RRGGBB or 'default', got 'FF0000'",
        ])
    }

    @Test func outOfRange() {
        #expect(problems("""
            [card]
            radius = -1
            width = 0
            [general]
            max_visible = 51
            scale = 0
            scale = 9
            [timeouts]
            info = -2
            [motion]
            swipe_distance_fraction = 1.5
            spring_response = 0
            [font]
            size = -3
            family = ""
            """) == [
            "2: radius: must be at least 0 and at most 200, got -1",
            "3: width: must be at least 100 and at most 2000, got 0",
            "5: max_visible: must be at least 0 and at most 50, got 51",
            "6: scale: must be at least 0.25 and at most 8, got 0",
            "7: scale: must be at least 0.25 and at most 8, got 9",
            "9: info: must be at least 0 and at most 86400, got -2",
            "11: swipe_distance_fraction: must be more than 0 and at most 1, got 1.5",
            "12: spring_response: must be more than 0 and at most 10, got 0",
            "14: size: must be more than 0 and at most 144, got -3",
            "15: family: must not be empty",
        ])
    }

    @Test func unknownEnumValueListsTheAllowedOnes() {
        // center is a position since issue 28 (dunst's origin = center); middle is none.
        #expect(problems("[general]\ntheme = blue\nstyle = flat\nposition = middle") == [
            "2: theme: 'blue' is not one of dark|light",
            "3: style: 'flat' is not one of tinted|accent|capsule",
            "4: position: 'middle' is not one of top-left|top|top-right|bottom-left|bottom|bottom-right|left|right|center",
        ])
    }

    @Test func syntaxErrors() {
        #expect(problems("""
            [general
            [general] x
            []
            [general]
            theme
            = light
            style = "tinted
            position = "top" left
            """) == [
            "1: missing ']' after section name",
            "2: unexpected text after ']'",
            "3: empty section name",
            "5: expected 'key = value' or '[section]', got 'theme'",
            "6: missing key before '='",
            "7: missing closing \"",
            "8: unexpected text after closing \"",
        ])
    }

    @Test func badSettingKeepsTheBaseAndTheRestStillApplies() {
        var base = Config()
        base.radius = 20
        base.theme = .light
        base.motion.clickSlop = 9
        let result = parse("""
            [general]
            theme = neon
            max_visible = 2
            [card]
            radius = -1
            gap = 3
            [motion]
            click_slop = lots
            exit_duration = 0.3
            """, base: base)
        var expected = base
        expected.maxVisible = 2
        expected.gap = 3
        expected.motion.exitDuration = 0.3
        #expect(result.config == expected)
        #expect(result.diagnostics.map(\.line) == [2, 5, 8])
    }

    @Test func laterLinesOverrideEarlierOnes() {
        #expect(parse("[card]\nradius = 1\n[card]\nradius = 2").config.radius == 2)
    }

    @Test func diagnosticRendersLikeACompilerError() {
        let diagnostic = ConfigDiagnostic(file: "/home/me/.config/xtoast/config", line: 7, message: "oops")
        #expect(diagnostic.description == "/home/me/.config/xtoast/config:7: oops")
        #expect(parse("[x]").diagnostics.first?.description.hasPrefix("test.conf:1: unknown section [x]") == true)
    }

    // MARK: The shipped example

    private static let examplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/config.example").path

    private static func example() throws -> String {
        try String(contentsOfFile: examplePath, encoding: .utf8)
    }

    @Test func exampleParsesToTheDefaults() throws {
        let result = ConfigParser.parse(try Self.example(), file: "config.example")
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.config == Config.default)
    }

    @Test func exampleParsesToTheDefaultsFromAnyBase() throws {
        var base = Config()
        base.theme = .light
        base.scale = 2
        base.colors[.info] = 0x123456
        base.timeouts[.error] = 1
        base.motion.settleSpeed = 1
        #expect(ConfigParser.parse(try Self.example(), file: "config.example", base: base).config == .default)
    }

    @Test func exampleListsEveryKeyWithAComment() throws {
        var listed: [String] = []
        var previousWasComment = false
        var section = ""
        for line in try Self.example().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                section = String(line.dropFirst().prefix { $0 != "]" })
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                listed.append("\(section).\(key)")
                // A key is documented by the comment above it or shares that of the keys before it.
                #expect(previousWasComment || section == "colors" || section == "timeouts"
                        || key == "snap_back_damping_fraction", "\(section).\(key) has no comment")
            }
            previousWasComment = line.hasPrefix("#")
        }
        let schema = ConfigSchema.sections.flatMap { section in section.settings.map { "\(section.name).\($0.key)" } }
        #expect(listed == schema)
    }

    /// Guards against a new `Config` or `MotionTuning` field that the file cannot set.
    @Test func schemaCoversEveryConfigField() {
        let configKeys: [String: String] = [
            "theme": "general.theme", "style": "general.style", "position": "general.position", "follow": "general.follow",
            "scale": "general.scale", "maxVisible": "general.max_visible", "timeout": "general.timeout",
            "font": "font.family", "fontSize": "font.size", "fontWeight": "font.weight", "fontStyle": "font.style", "radius": "card.radius",
            "borderWidth": "card.border_width", "padding": "card.padding", "cardWidth": "card.width", "imageSize": "card.image_size",
            "gap": "card.gap", "margin": "card.margin", "shadow": "card.shadow",
            "scriptTimeout": "rules.script_timeout", "fullscreen": "general.fullscreen", "lock": "general.lock",
            "opener": "general.opener", "menu": "general.menu", "stackDuplicates": "general.stack_duplicates",
            "tameChromium": "general.tame_chromium", "gtkNotifications": "general.gtk_notifications",
            "soundEnabled": "sound.enabled", "criticalSound": "sound.critical", "ringtone": "sound.ringtone", "ringFor": "calls.ring_for",
            "historyKeep": "center.keep", "historyKeepDays": "center.keep_days", "restoreAfterCrash": "center.restore_after_crash",
            "center": "center.width",
            "idleThreshold": "general.idle_threshold", "focusedApp": "general.focused_app",
            "quietSchedules": "quiet.every",
            "quiet": "quiet.burst",
            "sort": "general.sort", "stack": "general.stack", "mouse": "mouse.left_click",
            "horizontalMargin": "card.margin_x", "verticalMargin": "card.margin_y",
            "format": "text.format", "markup": "text.markup", "alignment": "text.alignment", "ellipsize": "text.ellipsize",
            "ignoreNewline": "text.ignore_newline", "showAgeThreshold": "text.show_age_threshold",
            "timeoutPerWord": "general.timeout_per_word", "timeoutScale": "general.timeout_scale",
            "reduceMotion": "general.reduce_motion", "cardTheme": "card.theme",
        ]
        var expected = Set(configKeys.values).union(["center.side", "center.group", "center.keep_open", "quiet.allow", "quiet.summary_over", "quiet.while_window", "quiet.hide_content",
                                                     "mouse.middle_click", "mouse.right_click"])
        for child in Mirror(reflecting: Config.default).children {
            let label = child.label ?? ""
            // `rules` are the `[rule NAME]` sections (ConfigRulesTests); `desktop` is the daemon's, read from XSETTINGS.
            #expect(configKeys[label] != nil || ["colors", "timeouts", "motion", "rules", "keys", "cardColors", "kindColors", "urgencyColors",
                                                 "desktop"].contains(label),
                    "Config.\(label) has no config key")
        }
        for kind in Kind.allCases {
            expected.insert("colors.\(kind.rawValue)")
            expected.insert("timeouts.\(kind.rawValue)")
        }
        for action in KeyAction.allCases { expected.insert("keys.\(action.rawValue)") }
        for part in CardColors.Part.allCases {
            expected.insert("card.\(part.rawValue)")
            for layer in Kind.allCases.map(\.rawValue) + Urgency.allCases.map(\.rawValue) { expected.insert("colors.\(layer).\(part.rawValue)") }
        }
        for child in Mirror(reflecting: MotionTuning.standard).children {
            let snake = (child.label ?? "").reduce(into: "") { name, character in
                name += character.isUppercase ? "_" + character.lowercased() : String(character)
            }
            expected.insert("motion.\(snake)")
        }
        let schema = ConfigSchema.sections.flatMap { section in section.settings.map { "\(section.name).\($0.key)" } }
        #expect(Set(schema) == expected)
        #expect(schema.count == expected.count)
    }
}

/// Issue 17: a reload parses over the defaults and keeps the settings in use for bad lines.
@Suite struct ConfigReparseTests {
    @Test("parsed over the defaults, keeping the settings in use: what the file leaves out is the default, what it gets wrong is kept")
    func keepingForBadLines() {
        var inUse = Config()
        inUse.radius = 20
        inUse.gap = 3
        inUse.colors[.error] = 0x010203
        let (config, diagnostics) = ConfigParser.parse("[card]\ngap = wide\n[colors]\nerror = crimson\n", file: "c", keeping: inUse)
        #expect(diagnostics.count == 2)
        #expect(config.radius == Config.default.radius, "not in the file: the default")
        #expect(config.gap == 3 && config.colors[.error] == 0x010203, "bad lines keep what was in use")
    }
}
