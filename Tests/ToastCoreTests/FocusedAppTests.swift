@testable import ConfigParsing
import Testing
@testable import ToastCore

/// Issue 48 item 2: the application the user is looking at does not interrupt. A bus toast
/// whose sender's own process owns the active window (or a window it is a dialog of), or
/// whose verified Flatpak id is the window's application id, ends at once with `focused`
/// once the window has been active for `FocusedApp.settle`; critical toasts, toasts that
/// wait for an answer and the socket's always show.
@Suite struct FocusedAppTests {
    let bus = Owner(.bus, 1)
    /// A chat window (pid 4242) with a dialog on top of it (pid 4243), active since 10 s.
    let chat = FocusedWindow(ActiveWindow(window: 0x1200007, pids: [4243, 4242], appIDs: ["org.example.Chat", "chat", "Chat"]),
                             since: 10)

    func notify(from pid: Int32?, sandbox: String? = nil, critical: Bool = false, actions: Bool = false,
                reply: Bool = false, source: ToastSource = .bus) -> Submission {
        var request = ShowRequest(message: "hi", title: "Ann", kind: .info)
        request.app = "Chat"
        request.urgency = critical ? .critical : .normal
        if actions { request.actions = [Action(id: "open", label: "Open")] }
        if reply { request.reply = ReplyOptions() }
        var submission = Submission(request, source: source)
        submission.senderProcess = pid.map { pid in
            SenderProcess(pid: pid, sandbox: sandbox.map { SandboxIdentity(appID: $0, pid: pid) })
        }
        return submission
    }

    func board(_ mode: String? = nil) -> Board {
        let parsed = ConfigParser.parse(mode.map { "[general]\nfocused_app = \($0)\n" } ?? "", file: "test")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return Board(config: parsed.config)
    }

    func action(_ submission: Submission, focus: FocusedWindow?, now: Double = 20, mode: String? = nil) -> Admission.Action {
        Admission.decide(submission, board: board(mode), now: now, focus: focus).action
    }

    @Test("the window's own process and a transient parent's are the focused app; another process, a terminal's child, is not")
    func byPid() {
        #expect(action(notify(from: 4243), focus: chat) == .focused, "the active window's own pid")
        #expect(action(notify(from: 4242), focus: chat) == .focused, "the pid of the window it is a dialog of")
        #expect(action(notify(from: 5000), focus: chat) == .show, "another process (notify-send typed in the focused terminal)")
        #expect(action(notify(from: nil), focus: chat) == .show, "no process known")
        #expect(action(notify(from: 4242), focus: nil) == .show, "no active window known")
        #expect(action(notify(from: 4242), focus: FocusedWindow(ActiveWindow(), since: 0)) == .show, "no window active")
    }

    @Test("a sandboxed sender by its verified id against _GTK_APPLICATION_ID or WM_CLASS; never by its namespace's pid")
    func bySandbox() {
        #expect(action(notify(from: 99, sandbox: "org.example.Chat"), focus: chat) == .focused, "_GTK_APPLICATION_ID")
        #expect(action(notify(from: 99, sandbox: "chat"), focus: chat) == .focused, "WM_CLASS instance")
        #expect(action(notify(from: 99, sandbox: "Chat"), focus: chat) == .focused, "WM_CLASS class")
        #expect(action(notify(from: 4242, sandbox: "org.other.App"), focus: chat) == .show,
                "a sandbox's pid is its own namespace's: it does not count")
        #expect(action(notify(from: 99, sandbox: "org.example.chat"), focus: chat) == .show, "ids are compared exactly")
    }

    @Test("the window must have been active for 1 s: a notification as the user switches shows")
    func settle() {
        #expect(action(notify(from: 4242), focus: chat, now: 10.5) == .show)
        #expect(action(notify(from: 4242), focus: chat, now: 10 + FocusedApp.settle) == .focused)
        #expect(action(notify(from: 4242), focus: chat, now: 10 + FocusedApp.settle - 0.001) == .show)
        let verdict = Admission.decide(notify(from: 4242), board: board(), now: nil, focus: chat).focusedApp
        #expect(verdict == .shows("the active window changed less than 1 s ago"), "no clock: it shows")
    }

    @Test("critical toasts, toasts with buttons or a reply field, and socket toasts always show; a default action alone is no question")
    func alwaysShows() {
        #expect(action(notify(from: 4242, critical: true), focus: chat) == .show)
        #expect(action(notify(from: 4242, actions: true), focus: chat) == .show)
        #expect(action(notify(from: 4242, reply: true), focus: chat) == .show)
        #expect(action(notify(from: 4242, source: .socket), focus: chat) == .show)
        var opens = notify(from: 4242)  // as chat apps send: the body opens the conversation
        opens.request.defaultAction = "default"
        #expect(action(opens, focus: chat) == .focused, "a click on the body opens the app, which is in front already")
    }

    @Test("a category that breaks through do-not-disturb (an alarm, a low battery, an emergency) shows from the app in front; a quiet one does not")
    func breakingCategoriesShow() {
        for category in ["alarm.ringing", "os.battery.low", "cellbroadcast.danger.extreme", "weather.warning.extreme"] {
            var alarm = notify(from: 4242)
            alarm.category = category
            #expect(action(alarm, focus: chat) == .show, "\(category)")
        }
        var chatMessage = notify(from: 4242)
        chatMessage.category = "im.received"
        #expect(action(chatMessage, focus: chat) == .focused)
    }

    @Test("a focused toast's default action still answers a click on its entry in the centre")
    func defaultActionFromTheCenter() throws {
        var b = board()
        var opens = notify(from: 4242)
        opens.request.defaultAction = "default"
        let id = b.carryOut(Admission.decide(opens, board: b, now: 20, focus: chat), owner: bus, now: 20)
        let entry = try #require(b.history.last)
        #expect(entry.toast.id == id && entry.reason == .focused)
        _ = b.takeChanges()
        let heard = b.lateAction("default", on: entry.historyID, now: 30)
        let changes = b.takeChanges()
        #expect(heard && changes.deliveries.contains { $0.event.id == id })
    }

    @Test("focused_app = quiet: into the centre unread, no card; history: read; show: a card as before")
    func modes() throws {
        for (mode, unread) in [(nil, true), ("quiet", true), ("history", false)] as [(String?, Bool)] {
            var b = board(mode)
            _ = b.takeChanges()
            var pictured = notify(from: 4242)
            pictured.image = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [1, 2, 3])
            let decision = Admission.decide(pictured, board: b, now: 20, focus: chat)
            #expect(decision.action == .focused)
            #expect(decision.image == pictured.image, "its picture stays for its entry in the centre")
            let id = b.carryOut(decision, owner: bus, now: 20)
            let changes = b.takeChanges()
            #expect(b.toast(id) == nil && b.liveToasts.isEmpty, "no card")
            #expect(changes.deliveries.map(\.event) == [.dismissed(id: id, reason: .focused)])
            let entry = try #require(b.history.last)
            #expect(entry.reason == .focused && entry.unread == unread, "\(mode ?? "default")")
            #expect(b.counts.unread == (unread ? 1 : 0))
            #expect(SoundChoice.decide(for: decision.toast, action: decision.action, hints: SoundHints(name: "bell"), rule: nil,
                                       config: b.config, held: false) == nil, "no sound")
        }
        #expect(action(notify(from: 4242), focus: chat, mode: "show") == .show)
        #expect(NotificationMapping.closedReason(.focused) == 2)
    }

    @Test("rules --test reports the decision and why")
    func report() {
        let quiet = Admission.decide(notify(from: 4242), board: board(), now: 20, focus: chat).report
        #expect(quiet["action"] == .string("focused"))
        #expect(quiet["focused_app"] == .string("quiet: from the application of the active window"))
        let other = Admission.decide(notify(from: 5000), board: board(), now: 20, focus: chat).report
        #expect(other["action"] == .string("show"))
        #expect(other["focused_app"] == .string("shows: its sender does not own the active window"))
        #expect(Admission.decide(notify(from: 4242, source: .socket), board: board(), now: 20, focus: chat).report["focused_app"] == nil)
        #expect(Admission.decide(notify(from: nil), board: board(), now: 20, focus: chat).report["focused_app"]
            == .string("shows: its sender's process is unknown"), "rules --test from the command line names no process")
    }

    @Test("[general] focused_app parses show, quiet and history, and refuses anything else")
    func config() {
        #expect(Config.default.focusedApp == .quiet)
        for mode in FocusedAppMode.allCases {
            #expect(ConfigParser.parse("[general]\nfocused_app = \(mode.rawValue)\n", file: "c").config.focusedApp == mode)
        }
        let bad = ConfigParser.parse("[general]\nfocused_app = sometimes\n", file: "c")
        #expect(bad.config.focusedApp == .quiet && bad.diagnostics.count == 1)
    }
}
