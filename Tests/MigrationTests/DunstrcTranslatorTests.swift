import ConfigParsing
import Foundation
import JSONCodec
import Operations
import Testing
@testable import Migration
import ToastCore

/// `xtoast import-dunstrc`: dunst's shipped dunstrc (Tests/Fixtures/dunst, BSD-3-clause, see
/// the LICENSE beside it), the same with its rule examples uncommented, and hand-written ones.
@Suite struct DunstrcTranslatorTests {
    static let shipped: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/dunst/dunstrc")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The shipped file with its commented-out rule sections (after the scripting notes) uncommented.
    static let uncommented: String = {
        var past = false
        return shipped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix("# Disable the transient hint") { past = true }
            guard past, line.hasPrefix("#[") || (line.hasPrefix("#    ") && !line.hasPrefix("#    #") && line.contains("=")) else {
                return String(line)
            }
            return String(line.dropFirst())
        }.joined(separator: "\n")
    }()

    /// The translation parsed back by xtoast's own parser, which must find nothing wrong.
    private func translated(_ text: String, home: String? = nil) throws -> (config: Config, result: DunstrcTranslator.Result) {
        let result = DunstrcTranslator.translate(text, home: home)
        let parsed = ConfigParser.parse(result.config, file: "translated")
        #expect(parsed.diagnostics.map(\.description) == [], "\(result.config)")
        return (parsed.config, result)
    }

    @Test("lines end at LF and CRLF only, as dunst reads them: a value's U+2028 starts no section, and no line of the translation holds one (issue 43)",
          arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func valueLineSeparators(_ separator: String) throws {
        let text = "[chat]\nsummary = \"hi\(separator)[injected]\(separator)script = /bin/touch PWNED\"\nskip_display = true\n[global]\nwidth = 250\r\n"
        let dunstrc = Dunstrc(text)
        #expect(dunstrc.sections.map(\.name) == ["chat", "global"])
        #expect(dunstrc.section("chat")?.value("summary") == "hi\(separator)[injected]\(separator)script = /bin/touch PWNED")
        let (config, result) = try translated(text)
        #expect(!UnicodeControls.hasLineBreak(result.config.replacingOccurrences(of: "\n", with: "")), "\(result.config)")
        #expect(!result.config.contains("injected") && !result.config.contains("PWNED"), "\(result.config)")
        #expect(!config.rules.rules.contains { $0.name.hasPrefix("chat") }, "the rule goes whole, not without its filter")
        #expect(config.cardWidth == 250, "CRLF ends a line")
        #expect(result.diagnostics.contains { $0.contains("line break") }, "\(result.diagnostics)")
    }

    @Test func theShippedDunstrc() throws {
        #expect(Self.shipped.contains("[urgency_critical]"))
        let (config, result) = try translated(Self.shipped)
        #expect(config.position == .topRight)
        #expect(config.marginX == 10 && config.marginY == 50)   // offset = 10x50
        #expect(config.cardWidth == 300)
        #expect(config.borderWidth == 3)
        #expect(config.radius == 0)
        #expect(config.gap == 0)
        #expect(config.padding == 8)
        #expect(config.font == "Monospace" && config.fontSize == 8)
        #expect(config.follow == .none)
        #expect(config.scale == nil)
        #expect(config.timeout == 10)                // [urgency_normal]
        #expect(config.timeouts[.debug] == nil)      // low urgency is not the debug kind
        // Each urgency's card as dunst draws it: its fill, text and frame (the accents stay xtoast's).
        #expect(config.colors == [:])
        #expect(config.urgencyColors[.normal]?.background == 0x285577 && config.urgencyColors[.normal]?.foreground == 0xFFFFFF)
        #expect(config.urgencyColors[.critical]?.background == 0x900000 && config.urgencyColors[.critical]?.frame == 0xFF0000)
        #expect(config.urgencyColors[.low]?.background == 0x222222 && config.urgencyColors[.low]?.foreground == 0x888888)
        // Said in [global], or dunst's own defaults where they differ from xtoast's.
        #expect(config.fullscreen == .show && config.idleThreshold == 0 && config.stackDuplicates)
        #expect(config.maxVisible == 0)   // notification_limit = 0: no limit, as many as fit
        #expect(config.historyKeep == 20 && config.imageSize == 128)
        #expect(config.menu == ["/usr/bin/dmenu", "-p", "dunst:"] && config.opener == ["/usr/bin/xdg-open"])
        // [global]'s monitor for every toast ([urgency_low] says only colours, now [colors]
        // low.*): its rule examples are commented out.
        #expect(config.rules.rules.map(\.name) == ["dunst global"])
        let low = config.rules.evaluate(RuleSubject(urgency: .low))
        #expect(low.settings.defaultTimeout == nil && low.settings.timeout == nil && low.settings.color == nil)   // 10 s as normal
        #expect(low.settings.monitor == MonitorChoice(parsing: "0"))
        #expect(config.rules.evaluate(RuleSubject(urgency: .normal)).matched == ["dunst global"])
        let diagnostics = result.diagnostics
        #expect(diagnostics.allSatisfy { $0.hasPrefix("dunstrc:") && $0.contains(": not translated: ") })
        // format and the urgencies' foreground translate now; what stays lost is layout xtoast does its own way.
        #expect(!diagnostics.contains { $0.hasPrefix("dunstrc:161: not translated: format (") })
        #expect(!diagnostics.contains { $0.hasPrefix("dunstrc:312: not translated: foreground (") })
        // show_age_threshold is [text] show_age_threshold now (issue 28), so it is no longer lost.
        #expect(!diagnostics.contains { $0.contains(": not translated: show_age_threshold (") })
        #expect(config.showAgeThreshold == 60)
        // What xtoast does anyway is not reported, nor what it translates.
        for key in ["transparency", "always_run_script", "word_wrap", "indicate_hidden", "sticky_history", "monitor",
                    "stack_duplicates", "history_length", "dmenu", "browser", "idle_threshold", "per_monitor_dpi"] {
            #expect(!diagnostics.contains { $0.contains(": \(key) (") }, "\(key)")
        }
        #expect(!diagnostics.contains { $0.contains("[experimental]") })
        // icon_position = left is where xtoast draws the icon: translated, not lost (issue 49).
        #expect(!diagnostics.contains { $0.contains(": icon_position (") })
        #expect(diagnostics.count == 15, "\(diagnostics)")
    }

    @Test func theShippedRuleExamplesUncommented() throws {
        #expect(Self.uncommented.contains("\n[signed_on]\n"))
        let (config, result) = try translated(Self.uncommented)
        let rules = config.rules
        #expect(rules.rules.map(\.name) == ["dunst global", "transient_disable", "transient_history_ignore",
                                            "fullscreen_delay_everything", "fullscreen_show_critical", "espeak", "script-test",
                                            "ignore", "history-ignore", "skip-display", "signed_on", "signed_off",
                                            "says", "twitter", "stack-volumes"])
        // The fullscreen examples: everything waits behind a fullscreen window but critical toasts.
        #expect(rules.evaluate(RuleSubject(summary: "x")).settings.fullscreen == .delay)
        #expect(rules.evaluate(RuleSubject(summary: "x", urgency: .critical)).settings.fullscreen == .show)
        #expect(!result.diagnostics.contains { $0.contains("fullscreen") })

        let pidgin = rules.evaluate(RuleSubject(app: "Pidgin", summary: "Ann signed on"))
        #expect(pidgin.matched == ["dunst global", "fullscreen_delay_everything", "espeak", "signed_on"])
        #expect(pidgin.settings.urgency == .low)
        #expect(pidgin.scripts == [RuleScript(rule: "espeak", command: ["dunst_espeak.sh"], arguments: .dunst)])
        #expect(rules.evaluate(RuleSubject(app: "Pidgin", summary: "Bob says hi")).subject.urgency == .critical)
        #expect(rules.evaluate(RuleSubject(app: "Other", summary: "Bob says hi")).subject.urgency == .normal)
        let foobar = rules.evaluate(RuleSubject(summary: "foobar"))
        #expect(foobar.matched == ["dunst global", "fullscreen_delay_everything", "espeak", "ignore", "history-ignore", "skip-display"])
        #expect(foobar.skip == .display)   // "skip-display", the last, says display only
        #expect(rules.evaluate(RuleSubject(summary: "a script here")).scripts.map(\.command) == [["dunst_espeak.sh"], ["dunst_test.sh"]])
        let transient = rules.evaluate(RuleSubject(summary: "x", transient: true))
        #expect(transient.subject.transient == false)                 // set_transient = no
        #expect(!transient.matched.contains("transient_history_ignore"))   // it saw the change, as in dunst
        #expect(rules.evaluate(RuleSubject(app: "some_volume_notifiers")).subject.stackTag == "volume")
    }

    @Test func handWrittenGlobalSections() throws {
        let (config, result) = try translated("""
            [global]
                geometry = "420x5-30+20"
                font = DejaVu Sans Bold 11
                corner_radius = 8 ; round
                frame_width = 99
                notification_limit = 3
                follow = mouse
                scale = 2
                frame_width = 1
            [urgency_low]
                background = "#223"
                timeout = 1500ms
            [urgency_normal]
                frame_color = "#00FF0080"
                background = "#123456"
                timeout = 2m
            [urgency_critical]
                timeout = 30
                default_icon = /icons/alarm.png
                fullscreen = pushback
            [shortcuts]
                close = ctrl+space
                history = ctrl+grave
                context = mod4+shift+period
                close_all = hyper+x
            """)
        #expect(config.position == .topRight && config.marginX == 30 && config.marginY == 20 && config.cardWidth == 420)
        #expect(config.font == "DejaVu Sans" && config.fontWeight == .bold && config.fontSize == 11)
        #expect(config.radius == 8)
        #expect(config.borderWidth == 3)   // 99 is out of bounds, so dunst's default; dunst reads the first, so 1 is ignored
        // notification_limit 3: two cards and dunst's count of the hidden (xtoast's "+N more").
        #expect(config.maxVisible == 2 && config.follow == .mouse && config.scale == 2)
        #expect(config.timeout == 120)
        // Each urgency's colours are its cards' (dunst's fill, frame), not accents.
        #expect(config.colors == [:])
        #expect(config.urgencyColors[.normal]?.frame == 0x00FF00 && config.urgencyColors[.normal]?.background == 0x123456)
        #expect(config.urgencyColors[.low]?.background == 0x222233)
        let low = config.rules.evaluate(RuleSubject(urgency: .low)).settings
        #expect(low.defaultTimeout == 1.5 && low.timeout == nil && low.color == nil)
        let critical = config.rules.evaluate(RuleSubject(urgency: .critical))
        #expect(critical.subject.icon == "/icons/alarm.png" && critical.settings.defaultTimeout == 30 && critical.settings.fullscreen == .pushback)
        #expect(config.keys[.dismiss] == KeyChord([.control], "space") && config.keys[.restore] == KeyChord([.control], "grave"))
        #expect(config.keys[.menu] == KeyChord([.super, .shift], "period") && config.keys[.dismissAll] == nil)
        let d = result.diagnostics
        #expect(d.contains { $0.hasPrefix("dunstrc:5: not translated: frame_width (99 is outside") })
        #expect(d.contains("dunstrc:9: not translated: frame_width (given again; dunst uses the first)"))
        #expect(!d.contains { $0.hasPrefix("dunstrc:15: not translated: background (") })
        #expect(d.contains { $0.hasPrefix("dunstrc:25: not translated: close_all ('hyper' is not a modifier") }, "\(d)")
        #expect(DunstrcTranslator.translate("[global]\norigin = bottom-center\noffset = (0, 40)").config.contains("position = bottom\n"))
        // dunst's three middle origins are xtoast's left, right and center (issue 28: "origin's eight places").
        for (origin, position) in [("left-center", "left"), ("right-center", "right"), ("center", "center")] {
            let translated = DunstrcTranslator.translate("[global]\norigin = \(origin)\n")
            #expect(translated.config.contains("position = \(position)\n") && translated.diagnostics.isEmpty, "\(origin)")
            #expect(ConfigParser.parse(translated.config, file: "t").config.position.rawValue == position)
        }
        #expect(DunstrcTranslator.translate("[global]\norigin = middle\n").diagnostics.first?.contains("origin (") == true)
    }

    @Test func handWrittenRules() throws {
        let (config, result) = try translated("""
            [global]
                enable_posix_regex = true
            [battery]
                summary = "^Battery [0-9]+%"
                msg_urgency = CRITICAL
                new_icon = battery-caution
                frame_color = "#f80"
                background = "#000000"
                timeout = 0
            [mute]
                appname = Spotify
                format = ""
            [gone]
                appname = "Spam.*"
                skip_display = true
                history_ignore = yes
            [Mail]
                category = "email.arrived"
                script = ~/bin/on mail.sh
                set_category = x
            [mail]
                body = "  padded  "
                default_icon = mail
                markup = strip
            [backref]
                summary = "(a)\\1"
                urgency = low
            [idle]
                match_idle = yes
                urgency = low
            [leading hash]
                summary = "#general"
                set_stack_tag = "chat #1"
            """, home: "/home/me")
        let rules = config.rules
        #expect(rules.rules.map(\.name) == ["battery", "mute", "gone", "Mail", "mail-2", "leading hash"])
        let battery = rules.evaluate(RuleSubject(summary: "Battery 5%", urgency: .critical))
        #expect(battery.matched == ["battery"])
        #expect(battery.subject.icon == "battery-caution" && battery.settings.frameColor == 0xFF8800 && battery.settings.background == 0
                && battery.settings.defaultTimeout == 0)
        #expect(rules.evaluate(RuleSubject(summary: "Battery 5%")).matched.isEmpty)     // normal urgency
        #expect(rules.evaluate(RuleSubject(app: "Spotify")).skip == .display)
        #expect(rules.evaluate(RuleSubject(app: "Spotify Free")).skip == .display)       // a regular expression now
        #expect(rules.evaluate(RuleSubject(app: "Spammer")).skip == .all)
        let mail = rules.evaluate(RuleSubject(category: "email.arrived"))
        #expect(mail.scripts == [RuleScript(rule: "Mail", command: ["/home/me/bin/on mail.sh"], arguments: .dunst)])
        #expect(mail.settings.category == "x")
        #expect(rules.evaluate(RuleSubject(body: "a  padded  b")).subject.icon == "mail")
        #expect(rules.evaluate(RuleSubject(summary: "in #general")).subject.stackTag == "chat #1")
        let d = result.diagnostics
        #expect(!d.contains { $0.contains(":8: not translated: background (") })
        // A rule's markup = strip is xtoast's rule markup = strip now (it was lost before).
        #expect(!d.contains { $0.contains(":24: not translated: markup (") })
        #expect(rules.evaluate(RuleSubject(body: "a  padded  b")).settings.stripsMarkup == true)
        #expect(d.contains { $0.contains(":25: not translated: [backref] (its summary filter cannot be translated") })
        #expect(d.contains { $0.contains(":28: not translated: [idle] (its match_idle filter has no xtoast equivalent") })
        #expect(result.config.contains("script = '/home/me/bin/on mail.sh'\nscript_args = dunst\n"))
    }

    @Test func globsStayGlobsWithoutPosixRegex() throws {
        let (config, _) = try translated("[a]\nappname = Spot*\nurgency = low\n[b]\nsummary = \"*[0-9]%\"\nurgency = critical")
        #expect(config.rules.rules.first?.matches.first?.op == .glob)
        #expect(config.rules.evaluate(RuleSubject(app: "Spotify")).subject.urgency == .low)
        #expect(config.rules.evaluate(RuleSubject(summary: "at 5%")).subject.urgency == .critical)
    }

    @Test func dunstsIniQuirks() {
        let ini = Dunstrc("""
            key = before any section
            [a]
            x = "quoted # kept" # cut
            y = bare ; cut
            z="unclosed
            w
            [b]
            [a]
            v = second a
            """)
        #expect(ini.sections.map(\.name) == ["a", "b"])
        #expect(ini.section("a")?.entries.map(\.value) == ["quoted # kept", "bare", "second a"])
        #expect(ini.malformed.map(\.line) == [1, 5, 6])
        #expect(DunstrcTranslator.translate("key = x").diagnostics == ["dunstrc:1: not translated: line (dunst skips it too: key value pair without a section)"])
    }

    /// fuzz-dunstrc: `script = # ...` is an empty value to dunst (the comment goes), and the
    /// translation wrote `script = ''`, which xtoast refuses on load. It is a note now.
    @Test func aScriptXtoastWouldRefuseIsANote() throws {
        let (config, result) = try translated("[build]\nbody = failed\nscript = # the alert\nurgency = critical\n")
        #expect(!result.config.contains("script"), "\(result.config)")
        #expect(result.diagnostics.contains { $0.description.contains("script") && $0.description.contains("not a program") },
                "\(result.diagnostics)")
        #expect(config.rules.rules.count == 1)
    }

    /// fuzz-dunstrc: a font family past xtoast's 256 bytes was written as it was, and refused
    /// on load. It is a note, and the rest of the font line (its size) still translates.
    @Test func aFontFamilyPastTheLimitIsANote() throws {
        let family = String(repeating: "Sans", count: 70)
        let (config, result) = try translated("[global]\nfont = \(family) 14\n")
        #expect(!result.config.contains(family))
        #expect(config.fontSize == 14)
        #expect(result.diagnostics.contains { $0.contains("dunstrc:2: not translated: font") }, "\(result.diagnostics)")
    }

    /// Issue 49: a font is split as Pango splits it: `DejaVu Sans Mono Book 14` was written as
    /// `family = DejaVu Sans Mono:book`, which fontconfig reads as another (proportional) face.
    @Test("fonts as Pango reads them: the three real shapes into family, weight and size; a family never carries :style")
    func fontsAsPangoReadsThem() throws {
        let mono = try translated("[global]\nfont = DejaVu Sans Mono Book 14\n")
        #expect(mono.config.fontFace == FontFace(family: "DejaVu Sans Mono", weight: .book) && mono.config.fontSize == 14)
        #expect(mono.result.config.contains("family = DejaVu Sans Mono\n") && mono.result.config.contains("weight = book\n"))
        let bold = try translated("[global]\nfont = Monospace Bold 10\n")
        #expect(bold.config.fontFace == FontFace(family: "Monospace", weight: .bold) && bold.config.fontSize == 10)
        let plain = try translated("[global]\nfont = Noto Sans 11\n")
        #expect(plain.config.fontFace == FontFace(family: "Noto Sans") && plain.config.fontSize == 11)
        #expect(!plain.result.config.contains("weight =") && !plain.result.config.contains("style ="))
        let italic = try translated("[global]\nfont = Fira Sans Italic 12px\n")
        #expect(italic.config.fontFace == FontFace(family: "Fira Sans", style: .italic) && italic.config.fontSize == 9, "12 px is 9 pt")
        for text in ["DejaVu Sans Mono Book 14", "Monospace Bold 10", "Noto Sans 11", "Fira Sans Italic 12px"] {
            #expect(!(try translated("[global]\nfont = \(text)\n")).config.font.contains(":"), "\(text)")
        }
        let condensed = try translated("[global]\nfont = Ubuntu Condensed 10\n")
        #expect(condensed.config.font == "Ubuntu" && condensed.result.diagnostics.contains { $0.contains("not translated: font (") && $0.contains("Condensed") })
    }

    @Test("a global icon_position: off is a rule for every toast, left is xtoast's own place, right and top are notes")
    func globalIconPosition() throws {
        let off = try translated("[global]\nicon_position = off\n")
        #expect(off.result.diagnostics.isEmpty, "\(off.result.diagnostics)")
        #expect(off.config.rules.evaluate(RuleSubject(app: "any")).settings.iconPosition == .off)
        let left = try translated("[global]\nicon_position = left\n")
        #expect(left.result.diagnostics.isEmpty && left.config.rules.evaluate(RuleSubject(app: "any")).settings.iconPosition == nil)
        for side in ["right", "top"] {
            let other = try translated("[global]\nicon_position = \(side)\n")
            #expect(other.result.diagnostics == ["dunstrc:2: not translated: icon_position (xtoast draws the icon at the card's leading edge or not at all (off))"],
                    "\(other.result.diagnostics)")
        }
    }

    /// Issue 49: Debian 12's dunstrc (dunst 1.9.0, /etc/xdg/dunst/dunstrc), a fixture in
    /// Tests/Fixtures/dunstrcs: each of its `[global]` keys is translated (read by the
    /// translation, or the same on xtoast) or named in a note on its line.
    @Test("Debian 12's dunstrc: each [global] key is translated or named in a note")
    func debianKeysAreTranslatedOrNoted() throws {
        let text = try String(contentsOf: DunstrcFixturesTests.folder.appendingPathComponent("debian-12.dunstrc"), encoding: .utf8)
        let dunstrc = Dunstrc(text)
        var translation = Translation(dunstrc: dunstrc, name: "debian-12.dunstrc", home: "/home/user")
        translation.run()
        let noted = Set(translation.notes.map { "\($0.line) \($0.key)" })
        let global = try #require(dunstrc.section("global"))
        #expect(global.entries.count > 40, "the whole [global] of Debian's file")
        for entry in global.entries {
            let same = Translation.asOnXtoast[entry.key]?.contains(entry.value.lowercased()) ?? false
            #expect(translation.globalKeysTranslated.contains(entry.key) || same || noted.contains("\(entry.line) \(entry.key)"),
                    "\(entry.key) (line \(entry.line)) is neither translated nor noted")
        }
    }

    @Test func theCommandTakesAtMostOneFile() throws {
        #expect(try CommandParser.parse(["import-dunstrc"]) == .importDunstrc(path: nil))
        #expect(try CommandParser.parse(["import-dunstrc", "/tmp/d"]) == .importDunstrc(path: "/tmp/d"))
        #expect(try CommandParser.parse(["import-dunstrc", "/tmp/d"]).request == nil)   // needs no daemon
        #expect(throws: UsageError.self) { try CommandParser.parse(["import-dunstrc", "a", "b"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["import-dunstrc", "--all"]) }
    }

    /// 20 000 rules took 41 s: each section header and each rule name searched everything
    /// before it. Ten times the rules must cost about ten times the time, not a hundred; the
    /// two sizes run back to back, each timed at its fastest of two runs, so load affects both.
    /// Counted, not timed: the names looked up to make 20,000 names unique grow with the
    /// rules, not with their square (half of them share one base, so a search from suffix 2
    /// each time would probe 50 million names).
    @Test func twentyThousandRulesImportInLinearTime() {
        func dunstrc(_ count: Int) -> String {
            (0..<count).map { i in
                // Half share one long name, cut to the same base, so the suffixes count up to 10 000.
                let name = i % 2 == 0 ? String(repeating: "n", count: 80) + "\(i)" : "app \(i)"
                return "[\(name)]\nappname = App\(i)\nsummary = \"*x\(i)*\"\ntimeout = 3\n"
            }.joined()
        }
        let small = DunstrcTranslator.translate(dunstrc(2000))
        let result = DunstrcTranslator.translate(dunstrc(20_000))
        #expect(result.diagnostics.isEmpty)
        let names = result.config.split(separator: "\n").filter { $0.hasPrefix("[rule ") }.map { $0.lowercased() }
        #expect(names.count == 20_000 && Set(names).count == 20_000)
        // Within the 64 bytes a name may have: the base gives way to a longer suffix (60 bytes
        // of it and "-10000" was 66, a name xtoast refused).
        #expect(names.contains("[rule \(String(repeating: "n", count: 60))-999]"))
        #expect(names.contains("[rule \(String(repeating: "n", count: 58))-10000]"))
        #expect(names.allSatisfy { $0.utf8.count - "[rule ]".utf8.count <= RuleLimits.maxNameBytes })
        #expect(small.nameProbes > 0 && small.nameProbes <= 3 * 2000)
        #expect(result.nameProbes <= 3 * 20_000, "\(result.nameProbes) name probes for 20 000 rules")
        #expect(result.nameProbes <= 11 * small.nameProbes, "\(result.nameProbes) probes for 20 000 rules, \(small.nameProbes) for 2 000")
    }

    /// The importer compiles patterns as the daemon does: `{1,20000}` took it 3.1 GB under glibc.
    @Test func hugeCountsAreRefusedBeforeCompiling() throws {
        let limit = RuleLimits.maxPatternExpansion
        let text = """
            [global]
            enable_posix_regex = true
            [huge]
            summary = "[a-z]{1,20000}"
            urgency = low
            [over]
            summary = "(x{1,64}){1,64}x"
            urgency = low
            [bound]
            summary = "(x{1,64}){1,64}"
            urgency = low
            [small]
            summary = "(x{1,4}){1,4}"
            urgency = low
            """
        let (config, result) = try translated(text)
        #expect(config.rules.rules.map(\.name) == ["small"])
        // At the size bound, but too slow on a KiB of summary (`RuleLimits.maxMatchSteps`).
        #expect(result.diagnostics.contains {
            $0.hasPrefix("dunstrc:9: not translated:") && $0.contains("more than a pattern may (\(RuleLimits.maxMatchSteps))")
        }, "\(result.diagnostics)")
        for (line, pattern) in [(3, "[a-z]{1,20000}"), (6, "(x{1,64}){1,64}x")] {
            #expect(result.diagnostics.contains {
                $0.hasPrefix("dunstrc:\(line): not translated:") && $0.contains("'\(pattern)'") && $0.contains("\(limit)")
            }, "\(result.diagnostics)")
        }
    }
}
