@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Whether and what a toast plays: the hints, a rule's `sound`, `[sound]`, holds and repeats.
@Suite struct SoundChoiceTests {
    func toast(_ urgency: Urgency = .normal) -> Toast { Toast(id: "1", message: "m", urgency: urgency) }

    func decide(_ hints: SoundHints = SoundHints(), urgency: Urgency = .normal, action: Admission.Action = .show,
                rule: RuleSound? = nil, config: Config = Config(), held: Bool = false) -> Sound? {
        SoundChoice.decide(for: toast(urgency), action: action, hints: hints, rule: rule, config: config, held: held)
    }

    @Test("the sender's sound-file over its sound-name; nothing asked, nothing played")
    func hints() {
        #expect(decide(SoundHints(name: "message-new-instant")) == .named("message-new-instant"))
        #expect(decide(SoundHints(name: "bell", file: "/usr/share/sounds/x.oga")) == .file("/usr/share/sounds/x.oga"))
        #expect(decide(SoundHints(file: "file:///tmp/a%20b.oga")) == .file("/tmp/a b.oga"))
        #expect(decide() == nil)
        #expect(decide(SoundHints(file: "relative.oga")) == nil, "not a path: ignored")
        #expect(decide(SoundHints(name: "../../etc/passwd")) == nil, "not a theme name")
    }

    @Test("suppress-sound silences the sender's sound and the critical default; a rule's sound is the user's word over it")
    func suppress() {
        var config = Config()
        config.criticalSound = "dialog-warning"
        #expect(decide(SoundHints(name: "bell", suppress: true)) == nil)
        #expect(decide(SoundHints(suppress: true), urgency: .critical, config: config) == nil)
        #expect(decide(SoundHints(suppress: true), rule: .play(.named("bell"))) == .named("bell"))
        #expect(decide(SoundHints(name: "bell"), rule: RuleSound.none) == nil)
    }

    @Test("[sound] critical plays for critical toasts that name no sound; enabled = no silences everything")
    func config() {
        var config = Config()
        #expect(decide(urgency: .critical, config: config) == nil, "default none")
        config.criticalSound = "dialog-warning"
        #expect(decide(urgency: .critical, config: config) == .named("dialog-warning"))
        #expect(decide(SoundHints(name: "bell"), urgency: .critical, config: config) == .named("bell"))
        #expect(decide(urgency: .normal, config: config) == nil)
        config.soundEnabled = false
        #expect(decide(SoundHints(name: "bell"), rule: .play(.named("bell")), config: config) == nil)
    }

    @Test("silent while held (do-not-disturb), for a repeat, and for a skipped or dropped toast")
    func silences() {
        let bell = SoundHints(name: "bell")
        #expect(decide(bell, held: true) == nil)
        #expect(decide(bell, rule: .play(.named("bell")), held: true) == nil, "even a rule's")
        #expect(decide(bell, urgency: .critical, held: true) == nil, "even a critical toast's")
        #expect(decide(bell, action: .repeatOf(id: "1")) == nil)
        #expect(decide(bell, action: .skipDisplay) == nil && decide(bell, action: .drop) == nil)
        #expect(decide(bell, action: .replace(id: "1")) == .named("bell"))
    }

    @Test("the rule setting: a name, a path, a file URI, none; anything else is a FILE:LINE problem")
    func ruleSetting() {
        let parsed = ConfigParser.parse("""
            [rule a]
            sound = message-new-instant
            [rule b]
            sound = /usr/share/sounds/freedesktop/stereo/bell.oga
            [rule c]
            sound = none
            [rule d]
            sound = sounds/bell.oga
            """, file: "test")
        let rules = parsed.config.rules.rules
        #expect(rules.prefix(3).map(\.settings.sound) == [.play(.named("message-new-instant")),
                                                            .play(.file("/usr/share/sounds/freedesktop/stereo/bell.oga")), RuleSound.none])
        #expect(parsed.diagnostics.map(\.line) == [8], "\(parsed.diagnostics)")
    }

    @Test("[sound] keys: enabled yes|no, critical NAME|none; stack_duplicates yes|no")
    func configKeys() {
        let parsed = ConfigParser.parse("[general]\nstack_duplicates = no\n[sound]\nenabled = no\ncritical = dialog-warning\n", file: "t")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(!parsed.config.stackDuplicates && !parsed.config.soundEnabled && parsed.config.criticalSound == "dialog-warning")
        let bad = ConfigParser.parse("[sound]\nenabled = maybe\ncritical = a/b\n", file: "t")
        #expect(bad.diagnostics.count == 2 && bad.config.soundEnabled && bad.config.criticalSound == nil)
    }

    @Test("the hints come off a Notify call; sound capability only while sounds can play")
    func mapping() {
        let call = NotifyCall(summary: "s", hints: ["sound-name": .string("bell"), "sound-file": .string("/x.oga"),
                                                    "suppress-sound": .bool(true)])
        #expect(NotificationMapping.decide(call).submission(replacesID: 0).sound
            == SoundHints(name: "bell", file: "/x.oga", suppress: true))
        #expect(!NotificationMapping.capabilities(sound: false).contains("sound"))
        #expect(NotificationMapping.capabilities(sound: true).contains("sound"))
    }
}
