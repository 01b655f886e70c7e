@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Time to read: `[general] timeout_per_word` and `timeout_scale` (`Admission+ReadingTime`).
@Suite struct ReadingTimeTests {
    func config(_ text: String) -> Config {
        let parsed = ConfigParser.parse("[general]\n" + text, file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return parsed.config
    }

    func decided(_ message: String, title: String = "", timeout: Double? = nil, urgency: Urgency? = nil,
                 config: Config, source: ToastSource = .socket) -> Double {
        var request = ShowRequest(message: message, title: title, timeout: timeout)
        request.urgency = urgency
        return Admission.decide(Submission(request, source: source), board: Board(config: config)).toast.timeout
    }

    @Test func offByDefault() {
        #expect(decided("one two three four five", config: .default) == 4)
        #expect(Admission.readingTimeout(4, words: 100, config: .default) == 4)
    }

    @Test func growsWithTheWordsOfTitleAndMessage() {
        let c = config("timeout_per_word = 250")
        // 4 s + 6 words × 0.25 s.
        #expect(decided("the build  finished\n in time", title: "CI", config: c) == 5.5)
        #expect(Admission.wordCount("  a\tb\nc  ") == 3)
        #expect(Admission.wordCount("") == 0)
        // Markup is not read aloud: only the words count.
        var request = ShowRequest(message: "<b>bold</b> <i>words</i>", timeout: 2)
        request.markup = true
        #expect(Admission.decide(Submission(request, source: .socket), board: Board(config: c)).toast.timeout == 2.5)
    }

    @Test func theScaleMultipliesEveryTimeoutThatEnds() {
        let c = config("timeout_scale = 2\ntimeout_per_word = 1000")
        #expect(decided("hello", timeout: 3, config: c) == 7)  // 3 × 2 + 1
        // Waiting for the user (0) and critical toasts still wait.
        #expect(decided("hello", timeout: 0, config: c) == 0)
        #expect(decided("hello", urgency: .critical, config: c, source: .bus) == 0)
    }

    @Test func boundedByTheProtocol() {
        let c = config("timeout_scale = 10\ntimeout_per_word = 60000")
        #expect(Admission.readingTimeout(86_000, words: 1_000_000, config: c) == ProtocolLimits.maxTimeout)
        #expect(Admission.readingTimeout(.infinity, words: 1, config: c) == .infinity)
        #expect(Admission.readingTimeout(1, words: -5, config: c) == 10)
    }

    @Test func anUpdateThatRestartsTheTimerGetsItsReadingTimeOnce() {
        let c = config("timeout_per_word = 500")
        var board = Board(config: c)
        let id = board.carryOut(Admission.decide(Submission(ShowRequest(message: "a b", timeout: 2), source: .socket), board: board),
                                owner: Owner(.socket, 1), now: 0)
        #expect(board.toast(id)?.timeout == 3)
        var update = UpdateRequest(id: id)
        update.message = "a b c d"
        update.timeout = 2
        guard case let .success(decision) = Admission.decideUpdate(update, board: board) else { return #expect(Bool(false)) }
        #expect(decision.toast.timeout == 4)
    }
}
