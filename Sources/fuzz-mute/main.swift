// libFuzzer target: "Mute APP always" with a hostile application name (line separators, NEL,
// CR, quotes, brackets, combining marks, config syntax), appended to configs that end in each
// kind of section, and the result parsed back: the config gains exactly one rule, muting
// exactly that name, and nothing else changes; or the name is refused. Built by scripts/fuzz;
// in a plain `swift build` it links and does nothing.
import ConfigParsing
import FuzzSupport
import JSONCodec
import ToastCore

/// Configs as users have them: ending in a section a payload's keys would land in, without a
/// final newline, with CRLF endings, with rules "always" wrote before (either form).
let bases = [
    "",
    "[general]\nopener = xdg-open",
    "[general]\r\ntimeout = 5\r\n",
    "[quiet]\nevery = 22:00-07:00\nallow = critical\n",
    "[rule snooze Spotify]\nmatch app = \"Spotify\"\nskip = display\n",
    "# mine\n[rule snooze 7]\nmatch app = \"Old\"\nskip = display\n\n[rule snooze 12]\nmatch app = \"Mail\"\nskip = display\n",
]

/// Pieces a name is made of, so one byte reaches what a payload needs.
let pieces = [
    "\u{2028}", "\u{2029}", "\u{85}", "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", "[", "]", "\"", "'", "=", "#", ";", " ", "\t",
    "*", "?", "\\", "\u{301}", "\u{200D}", "\u{600}", "\u{FE0F}", "opener = sh -c touch${IFS}PWNED", "every = 00:00-24:00",
    "match app = ", "[rule x]", "skip = none", "Slack", "Chat", "a", "é", "💬", "\u{202E}",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    let base = input.pick(bases)
    var app = ""
    while !input.isAtEnd, app.utf8.count < 300 {
        let byte = input.byte()
        app += byte < 128 ? pieces[Int(byte) % pieces.count] : input.string(maxBytes: 8)
    }
    let before = ConfigParser.parse(base, file: "config")
    let section: String?
    do throws(QuietProblem) {
        section = try SnoozeRule.section(app: app, date: "2026-12-07", config: base)
    } catch {
        return 0  // refused: nothing is written
    }
    fuzzCheck(Snoozes.problem(app) == nil, "a name Snoozes refuses was written: \(app.debugDescription)")
    guard let section else {
        fuzzCheck(before.config.rules.rules.contains { SnoozeRule.mutes($0, app: app) }, "said to be muted already: \(app.debugDescription)")
        return 0
    }
    fuzzCheck(!section.unicodeScalars.contains { $0 != "\n" && UnicodeControls.isLineBreak($0) },
              "a line break other than LF in \(section.debugDescription)")
    let after = ConfigParser.parse(base + section, file: "config")
    fuzzCheck(after.diagnostics == before.diagnostics, "new diagnostics \(after.diagnostics) for \(app.debugDescription)")
    let rules = after.config.rules.rules
    fuzzCheck(rules.count == before.config.rules.rules.count + 1, "not exactly one more rule for \(app.debugDescription)")
    fuzzCheck(Array(rules.dropLast()) == before.config.rules.rules, "an earlier rule changed for \(app.debugDescription)")
    let rule = rules[rules.count - 1]
    fuzzCheck(SnoozeRule.mutes(rule, app: app) && rule.matches.count == 1 && rule.settings == {
        var settings = RuleSettings()
        settings.skip = .display
        return settings
    }(), "the rule \(rule) is not the app's mute: \(app.debugDescription)")
    var settings = after.config
    settings.rules = before.config.rules
    fuzzCheck(settings == before.config, "a setting changed for \(app.debugDescription)")
    // It matches the name itself, its glob characters literal.
    fuzzCheck(rule.matches[0].holds(for: RuleSubject(app: app)), "the rule does not match \(app.debugDescription)")
    fuzzCheck(!rule.matches[0].holds(for: RuleSubject(app: app + "x")), "the rule matches more than \(app.debugDescription)")
    return 0
}
