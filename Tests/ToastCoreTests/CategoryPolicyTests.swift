import ConfigParsing
import Testing
import ToastCore

/// The category table (`CategoryPolicy`) as `Admission` applies it: every category's toast
/// against every hold (do-not-disturb's levels and schedules, fullscreen, lock, idle), a rule
/// over the category's default, the card a category takes, and what is never folded.
@Suite struct CategoryPolicyTests {
    let calls = Owner(.bus, 1)

    func submission(_ category: String, app: String = "Calls", urgency: Urgency = .normal, sender: String = ":1.5") -> Submission {
        var request = ShowRequest(message: category)
        request.app = app
        request.urgency = urgency
        var submission = Submission(request, source: .bus)
        submission.category = category
        submission.sender = sender
        return submission
    }

    func decided(_ category: String, config: Config = Config(), board: Board? = nil) -> Admission.Decision {
        Admission.decide(submission(category), board: board ?? Board(config: config))
    }

    /// Whether each hold keeps a toast of `category` back, in the order of `holds`.
    static let holds: [(String, HoldPolicy)] = [
        ("pause --level 50", HoldPolicy(reasons: [.doNotDisturb], quiet: QuietGate(level: 50))),
        ("pause --level 90", HoldPolicy(reasons: [.doNotDisturb], quiet: QuietGate(level: 90))),
        ("pause", HoldPolicy(reasons: [.doNotDisturb], quiet: .pause)),
        ("schedule allow = calls", HoldPolicy(reasons: [.doNotDisturb], quiet: QuietGate(allows: [[.calls]]))),
        ("schedule allow = critical", HoldPolicy(reasons: [.doNotDisturb], quiet: QuietGate(allows: [[.critical]]))),
        ("fullscreen = delay", HoldPolicy(reasons: [.fullscreen], fullscreen: .delay)),
        ("fullscreen = suppress", HoldPolicy(reasons: [.fullscreen], fullscreen: .suppress)),
        ("lock = hold", HoldPolicy(reasons: [.lock], lock: .hold)),
    ]

    /// `true`: held (or suppressed) by the hold in `holds` at the same place.
    static let expected: [(category: String, held: [Bool])] = [
        //                                 50     90     pause  calls  crit   fs     fs-sup lock
        ("call.incoming",                 [false, false, true,  false, true,  false, false, true]),
        ("alarm.ringing",                 [false, false, false, false, false, false, false, true]),
        ("cellbroadcast.danger.extreme",  [false, false, false, false, false, false, false, true]),
        ("cellbroadcast.danger.presidential", [false, false, false, false, false, false, false, true]),
        ("cellbroadcast.public-safety",   [false, false, false, false, false, false, false, true]),
        ("weather.warning.extreme",       [false, false, false, false, false, false, false, true]),
        ("os.battery.low",                [false, false, false, false, false, false, false, true]),
        ("call.ongoing",                  [true,  true,  true,  true,  true,  true,  true,  true]),
        ("call.ended",                    [true,  true,  true,  true,  true,  true,  true,  true]),
        ("transfer.complete",             [true,  true,  true,  true,  true,  true,  true,  true]),
        ("device.added",                  [true,  true,  true,  true,  true,  true,  true,  true]),
        ("network.connected",             [true,  true,  true,  true,  true,  true,  true,  true]),
        ("im.received",                   [true,  true,  true,  true,  true,  true,  true,  true]),
    ]

    @Test("every category against every hold: calls and emergencies break through do-not-disturb and fullscreen at their level, nothing through a locker")
    func everyCategoryAgainstEveryHold() {
        for (category, held) in Self.expected {
            let toast = decided(category).toast
            for ((name, policy), expected) in zip(Self.holds, held) {
                let kept = policy.holdsNew(toast) || policy.suppresses(toast)
                #expect(kept == expected, "\(category) under \(name)")
            }
            // Idle stops every timer but a transient toast's; a ringing call waits for no timer at all.
            #expect(HoldPolicy(reasons: [.idle]).stopsTimer(toast), "\(category) while idle")
        }
    }

    @Test("each category's defaults: timeout, urgency, resident, level, fullscreen, silence")
    func defaults() {
        let call = decided("call.incoming")
        #expect(call.toast.timeout == 0 && call.toast.overridePauseLevel == CategoryPolicy.callLevel && call.toast.fullscreen == .show)
        #expect(call.category.sound == .rings)
        let ongoing = decided("call.ongoing")
        #expect(ongoing.toast.resident && ongoing.toast.timeout == 0 && ongoing.sound == RuleSound.none)
        #expect(decided("alarm.ringing").toast.timeout == 0 && decided("alarm.ringing").category.sound == .everyMinute)
        #expect(decided("alarm.ringing").toast.overridePauseLevel == QuietState.fullLevel)
        #expect(decided("os.battery.low").toast.urgency == .critical)
        let news = decided("transfer.complete")
        #expect(news.toast.urgency == .low && news.sound == RuleSound.none)
        let plain = decided("im.received")
        #expect(plain.toast.urgency == .normal && plain.sound == nil && plain.toast.timeout == Config().timeout(for: .info))
        #expect(plain.category == .plain)
        // A critical toast is never lowered by its category.
        var critical = submission("transfer.complete", urgency: .critical)
        critical.request.urgency = .critical
        #expect(Admission.decide(critical, board: Board(config: Config())).toast.urgency == .critical)
    }

    @Test("a rule's setting wins over its category's default; a rule's category picks another row")
    func ruleOverrides() {
        let parsed = ConfigParser.parse("""
            [rule short calls]
            match category = call.incoming
            timeout = 30
            override_pause_level = 10
            fullscreen = delay
            [rule loud transfers]
            match category = transfer.complete
            urgency = normal
            sound = bell
            [rule calls app]
            match app = Softphone
            category = call.incoming
            """, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let call = decided("call.incoming", config: parsed.config).toast
        #expect(call.timeout == 30 && call.overridePauseLevel == 10 && call.fullscreen == .delay)
        let transfer = decided("transfer.complete", config: parsed.config)
        #expect(transfer.toast.urgency == .normal && transfer.sound == .play(.named("bell")))
        let softphone = Admission.decide(submission("", app: "Softphone"), board: Board(config: parsed.config))
        #expect(softphone.category.sound == .rings && softphone.toast.fullscreen == .show, "the rule made it a call")
    }

    @Test("a battery warning takes the live one's card; call.ended takes the ringing call's; another app's is left alone")
    func takesTheCard() {
        var board = Board(config: Config())
        let first = board.carryOut(decided("os.battery.low", board: board), owner: calls, now: 0)
        let second = decided("os.battery.low", board: board)
        #expect(second.action == .takeOver(id: first))
        let ringing = board.carryOut(decided("call.incoming", board: board), owner: calls, now: 1)
        #expect(decided("call.ended", board: board).action == .takeOver(id: ringing))
        #expect(decided("call.unanswered", board: board).action == .takeOver(id: ringing))
        #expect(decided("call.ongoing", board: board).action == .takeOver(id: ringing))
        let other = Admission.decide(submission("call.ended", app: "Other"), board: board)
        #expect(other.action == .show, "another application's call.ended")
        let stranger = Admission.decide(submission("call.ended", sender: ":1.9"), board: board)
        #expect(stranger.action == .show, "a sender that may not act on the ringing card")
        #expect(decided("im.received", board: board).action == .show)
    }

    @Test("calls and emergencies are never folded into a [quiet] burst digest")
    func neverFolded() {
        var config = Config()
        config.quiet.burst = BurstLimit(count: 1, seconds: 60)
        var board = Board(config: config)
        for i in 0..<3 {
            var chat = submission("im.received")
            chat.request.message = "chat \(i)"
            _ = board.carryOut(Admission.decide(chat, board: board, now: Double(i)), owner: calls, now: Double(i))
        }
        var chat = submission("im.received")
        chat.request.message = "chat 9"
        #expect(Admission.decide(chat, board: board, now: 4).burst != nil)
        for category in ["alarm.ringing", "call.incoming", "weather.warning.extreme", "os.battery.low"] {
            var s = submission(category, app: "Calls")
            s.request.message = "\(category) 9"
            let d = Admission.decide(s, board: board, now: 4)
            #expect(d.burst == nil, "\(category)")
        }
    }

    @Test("a call that rings out ends with timeout and leaves one unread call.unanswered entry")
    func ringOut() {
        var board = Board(config: Config())
        let id = board.carryOut(decided("call.incoming"), owner: calls, now: 0)
        let rang = board.ringOut(id, now: 60)
        #expect(rang)
        #expect(board.toast(id) == nil)
        let entries = board.history.filter { $0.toast.id == id }
        #expect(entries.count == 1 && entries.first?.toast.category == "call.unanswered" && entries.first?.unread == true)
        let again = board.ringOut(id, now: 61)
        #expect(!again, "only a live call rings out")
    }
}
