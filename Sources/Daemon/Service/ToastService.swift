import DaemonLog
import Operations
import Sound
import ToastCore
import Transport

/// What the daemon does, without the loop: requests and pointer input go in with the time,
/// board changes come out as screen calls (through the stage) and events (to the sink).
/// Everything here runs in tests with a fake output and no X server.
///
/// The wiring between the concerns, the board, the stage and the effects: each concern owns
/// its state as a value (`Service/Concerns/`, and `KeyInput`), answers its own
/// `nextDeadline`, and is changed here only through its methods; the service carries out
/// what they decide. At most 12 stored properties (`ServiceShapeTests`).
final class ToastService {
    var board: Board
    /// The screen's facts, input and grabs: the service's alone; the cards and the centre
    /// are given the monitors they need.
    let screen: any ScreenInput
    let stage: Stage
    /// The notification centre's panel (CenterPanel.swift).
    let center: CenterPanel
    /// What the daemon wired in: the event sink, the log, runners, sound, the clock.
    private(set) var wiring: ServiceWiring
    /// The rules' run-time enable and disable and their match counts, beside `board.config.rules`.
    private(set) var ruleState: RuleState
    /// The bound keys and focus mode (ToastService+Keys.swift).
    var keyInput = KeyInput()
    /// Do-not-disturb: the user, applications, schedules, sharing (ToastService+Quiet.swift);
    /// changed only through `changeQuiet`, which decides it again.
    private(set) var quiet: Quiet
    /// Snoozed applications and the snooze menu (ToastService+Snooze.swift); changed only
    /// through `changeSnoozes`, which decides quiet again.
    private(set) var snoozing = Snoozing()
    /// The open reply field (ToastService+Reply.swift).
    private(set) var inlineReply = InlineReply()
    /// What the screen said that waits or is kept: input, lockers, the desktop's settings.
    private(set) var screenWatch = ScreenWatch()
    /// The history file, the crash journal and the hand-over (ToastService+HandOver.swift).
    private(set) var continuity = Continuity()

    init(config: Config, output: any Output, sink: any EventSink,
         loadConfig: @escaping (Config) -> (config: Config, diagnostics: [String]) = { ($0, []) },
         desktopScale: @escaping (Config) -> Double = { $0.scale ?? 1 },
         runScript: @escaping (RuleScript, [(String, String)]) -> Void = { _, _ in },
         runForUser: @escaping (RuleScript, [(String, String)]) -> Void = { _, _ in },
         sound: (any SoundPlayer)? = nil,
         wallClock: @escaping (Double) -> Double = { $0 + 1_700_000_000 }, zone: LocalZone = .utc,
         activationTokens: ActivationTokens = ActivationTokens(pid: ThisProcess.pid, host: ThisProcess.hostName)) {
        var config = config
        let facts = output.facts
        config.desktop = facts.desktopSettings
        board = Board(config: config)
        quiet = Quiet(schedules: config.quietSchedules, sharing: facts.topLevelWindows.matching(config.quiet.sharingPatterns), zone: zone)
        wiring = ServiceWiring(sink: sink, loadConfig: loadConfig, desktopScale: desktopScale, runScript: runScript, runForUser: runForUser,
                               sound: sound, wallClock: wallClock, activationTokens: activationTokens, resources: output)
        screenWatch = ScreenWatch(xsettings: facts.desktopSettings, topLevelWindows: facts.topLevelWindows)
        screen = output
        let refreshRate = facts.refreshRate
        stage = Stage(output: output, monitors: output.monitors, refreshRate: refreshRate, config: config, scale: desktopScale(config))
        center = CenterPanel(output: output, refreshRate: refreshRate, config: config, scale: desktopScale(config), wallClock: wallClock)
        ruleState = RuleState(for: config.rules)
        board.setRoom(stage.room, now: 0)
        updateKeyGrabs()
        watchIdle(config.idleThreshold, now: 0)
        followQuiet(now: 0)
        center.quietView = { [unowned self] in self.centerQuietView() }
        for line in Self.desktopLines(config, was: nil) { Log.info(line) }
    }

    // MARK: What the daemon wires in and reads

    /// The desktop's scale when the config sets none (from `Xft.dpi`).
    var desktopScale: (Config) -> Double { wiring.desktopScale }
    /// UNIX seconds at a monotonic time.
    var wallClock: (Double) -> Double { wiring.wallClock }
    /// The local time zone "18:00" and the schedules are read in.
    var zone: LocalZone { quiet.zone }
    /// Room in the log for the lines clients can cause (`LogRoom`).
    var logRoom: LogRoom {
        get { wiring.logRoom }
        set { wiring.logRoom = newValue }
    }
    /// The startup-notification ids an action chosen by a click or key carries to its sender.
    var activationTokens: ActivationTokens { wiring.activationTokens }
    /// The screen side's fonts and images.
    var resources: any Resources { wiring.resources }
    /// Called at each config reload: what is read once and kept is read again.
    var onReload: (() -> Void)? {
        get { wiring.onReload }
        set { wiring.onReload = newValue }
    }
    /// Tells the bus that `Inhibited` changed.
    var onInhibitedChanged: ((Bool) -> Void)? {
        get { wiring.onInhibitedChanged }
        set { wiring.onInhibitedChanged = newValue }
    }
    /// Tells the bus that dunst's `paused` or `pauseLevel` changed.
    var onPauseLevelChanged: ((Int) -> Void)? {
        get { wiring.onPauseLevelChanged }
        set { wiring.onPauseLevelChanged = newValue }
    }
    /// Starts a read of GSettings in child processes (the daemon points it at its reader).
    var readGSettings: () -> Void {
        get { screenWatch.desktop.read }
        set { screenWatch.desktop.read = newValue }
    }
    /// The config file "Mute APP always" appends its rule to; nil: none.
    var configPath: String? {
        get { snoozing.configPath }
        set { snoozing.writeRules(to: newValue) }
    }
    /// `Inhibited` as the bus last heard it.
    var inhibited: Bool { quiet.inhibited }
    /// The pause level (`QuietStatus.level`) as dunst's interface last announced it.
    var pauseLevel: Int { quiet.pauseLevel }
    /// The applications snoozed now.
    var snoozes: Snoozes { snoozing.snoozes }
    /// The open reply field, if any.
    var reply: ReplySession? { inlineReply.session }
    /// The monitors a locker covers, as the screen last said.
    var lockedMonitors: Set<String> { screenWatch.lockedMonitors }
    /// Where ended toasts are kept across restarts; nil keeps them in memory.
    var historyStore: HistoryStore? { continuity.historyStore }
    /// The crash journal: the toasts live now, for a daemon started after this one is killed.
    var liveJournal: LiveJournalStore? { continuity.liveJournal }
    /// A new daemon was granted the hand-over: the loop ends and `shutdown` ends toasts as `replaced`.
    var handingOver: Bool { continuity.handingOver }
    /// `caller` asks to take over from this daemon, `own` (`Continuity.handOver`): whether it was granted.
    func grantHandOver(to caller: PeerIdentity?, own: PeerIdentity?) -> Bool { continuity.handOver(to: caller, own: own) }
    /// The successor did not take the socket after all: this daemon serves on.
    func handOverFailed() { continuity.handOverFailed() }

    /// Keeps the history in `store` from now on, starting from what its file kept.
    func keepHistory(in store: HistoryStore, now: Double) {
        continuity.keep(history: store)
        let config = board.config
        board.restoreHistory(store.load(keep: config.historyKeep, keepDays: config.historyKeepDays, now: now), now: now)
        // Only the holder of the history's lock: the journal of a daemon still running is not left behind.
        guard store.isSaving, let path = store.path else { return }
        let journal = LiveJournalStore(path: LiveJournal.path(history: path), wallNow: store.wallNow)
        // What ended after the journal's last write is in the history already, and was heard.
        let wallOffset = store.wallNow() - now
        let left = journal.leftBehind().filter { !$0.endedSince(in: board.history, wallOffset: wallOffset) }.map(\.toast)
        continuity.keep(journal: journal, crashed: left.filter { $0.source == .bus }.compactMap { UInt32($0.id) }.filter { $0 > 0 })
        board.restoreCrashed(left, mode: config.restoreAfterCrash, owner: Self.keyOwner, busOwner: DesktopNotifications.owner, now: now)
        // Written anew from this daemon's board at the end of the first turn.
        journal.changed()
    }

    /// The freedesktop ids left live by a killed daemon, once: the bus says they closed (reason 4).
    func takeCrashedBusIDs() -> [UInt32] { continuity.takeCrashedBusIDs() }

    private var sink: any EventSink { wiring.sink }
    var sound: (any SoundPlayer)? { wiring.sound }
    var runScript: (RuleScript, [(String, String)]) -> Void { wiring.runScript }
    var runForUser: (RuleScript, [(String, String)]) -> Void { wiring.runForUser }

    // MARK: Changing a concern

    /// The one way quiet changes: `change` runs on it, then quiet is decided again and the
    /// board, the stage and the bus follow (`followQuiet`). `change` calls nothing of the
    /// service's or the screen's (which may call back in): it takes values read before.
    @discardableResult
    func changeQuiet<T>(now: Double, wallNow: Double? = nil, _ change: (inout Quiet) -> T) -> T {
        let result = change(&quiet)
        followQuiet(now: now, wallNow: wallNow ?? wallClock(now))
        return result
    }

    /// The one way the snoozes change: as `changeQuiet`.
    @discardableResult
    func changeSnoozes<T>(now: Double, wallNow: Double? = nil, _ change: (inout Snoozing) -> T) -> T {
        let result = change(&snoozing)
        followQuiet(now: now, wallNow: wallNow ?? wallClock(now))
        return result
    }

    /// The snooze menu's coming and going, which decides nothing about quiet.
    func changeSnoozeMenu<T>(_ change: (inout Snoozing) -> T) -> T { change(&snoozing) }

    /// The one way the reply field changes.
    func changeReply<T>(_ change: (inout InlineReply) -> T) -> T { change(&inlineReply) }

    /// The one way the ringing calls and alarms change (kept in `quiet`, which silences them).
    func changeRinging<T>(_ change: (inout Ringing) -> T) -> T { change(&quiet.ringing) }

    /// The one way what the screen said is kept.
    func changeScreenWatch<T>(_ change: (inout ScreenWatch) -> T) -> T { change(&screenWatch) }

    /// Quiet and the snoozes decided at `wallNow` (`now` on the monotonic clock): what is due
    /// ends, the board gets the gate and the snoozed applications, the stage hides content
    /// when the gate says so, and the bus hears when `Inhibited` or the pause level changed.
    func followQuiet(now: Double, wallNow: Double? = nil) {
        let wallNow = wallNow ?? wallClock(now)
        let decision = quiet.decide(now: now, wallNow: wallNow)
        if decision.pauseEnded { Log.info("do-not-disturb ended: its time came") }
        let snoozed = snoozing.decide(now: now, wallNow: wallNow)
        if snoozed.ended { Log.info("a snooze ended: its time came") }
        if board.snoozedApps != snoozed.active { board.snoozedApps = snoozed.active }
        board.setQuiet(decision.status.gate, now: now)
        stage.hidesContent = decision.status.gate.hidesContent(board.config.quiet)
        if let inhibited = decision.inhibited { wiring.onInhibitedChanged?(inhibited) }
        if let level = decision.pauseLevel { wiring.onPauseLevelChanged?(level) }
    }

    /// On each wake: the wall clock the centre's switch reads is taken, and past the next
    /// deadline of quiet or a snooze on the wall clock, both are decided again.
    func checkQuiet(now: Double) {
        let wall = wallClock(now)
        quiet.look(wallNow: wall)
        if quiet.isDue(wallNow: wall) || snoozing.isDue(wallNow: wall) { followQuiet(now: now, wallNow: wall) }
    }

    /// When quiet or a snooze next changes by itself, on the wall clock (the loop's wall
    /// timer) and as the monotonic time it stood for.
    var quietDeadline: (wall: Double, monotonic: Double)? {
        [quiet.deadline, snoozing.deadline].compactMap { $0 }.min { $0.wall < $1.wall }
    }

    // MARK: Time

    /// When something next needs doing: a toast's timeout or the next frame; nil: nothing.
    var nextDeadline: Double? { [nextTimeout, nextFrame].compactMap { $0 }.min() }
    /// The next frame of the cards or of the centre's panel.
    var nextFrame: Double? { [stage.nextFrame, center.nextFrame].compactMap { $0 }.min() }

    /// Work that is due: toasts whose time is up end, and a due frame is drawn. A frame
    /// within a millisecond counts as due, so the loop never sleeps for less.
    func advance(now: Double) {
        checkQuiet(now: now)
        board.expire(now: now)
        advanceKeys(now: now)
        advanceReply(now: now)
        advanceRinging(now: now)
        settle(now)
        stepDueFrames(now: now)
    }

    /// The frames of the cards and of the centre that are due at `now` (within a millisecond);
    /// whether there were any.
    @discardableResult
    func stepDueFrames(now: Double) -> Bool {
        var stepped = false
        if let due = stage.nextFrame, due <= now + 0.001 {
            stage.stepFrame(board: board, now: now)
            stepped = true
        }
        if let due = center.nextFrame, due <= now + 0.001 {
            center.stepFrame(board: board, now: now)
            stepped = true
        }
        return stepped
    }

    /// One turn of the screen's work: a frame that has come due is drawn first, then one
    /// bounded batch of input (`handleInput`), then what came due meanwhile (`advance`).
    /// Frame first: under an X client's flood, taking a batch of input (and the round trips
    /// handling it makes) before a due frame put the frame a batch late, off the 60 Hz grid
    /// (p99 interval 21 ms where the socket's and the bus's floods kept 18-19 ms).
    func takeTurn(budget: TurnBudget, now: () -> Double) {
        // Sent at once: left in the connection's buffer, the frame would wait for the batch.
        if stepDueFrames(now: now()) { screen.flush() }
        handleInput(budget: budget, now: now)
        advance(now: now())
    }

    // MARK: Requests

    func handle(_ request: Request, from owner: Owner, now: Double, wallNow: Double) -> Reply {
        // `submit` settles the board itself: a second settle after it found nothing to do
        // and cost a twentieth of a socket flood.
        var settled = false
        defer { if !settled { settle(now) } }
        switch request {
        case .ping:
            return .ok(id: nil)
        case let .show(show):
            settled = true
            let admitted = submit(Submission(show, source: .socket), from: owner, now: now, wallNow: wallNow)
            let warnings = admitted.warnings
            return .ok(id: admitted.id, extra: warnings.isEmpty ? [] : [("warning", .string(warnings.joined(separator: "; ")))])
        case let .update(update):
            let icon = loadIcon(update.icon)
            switch Admission.decideUpdate(update, iconFile: icon.file, board: board) {
            case let .success(decision):
                board.update(decision, now: now)
                return .ok(id: update.id, extra: icon.warning.map { [("warning", .string($0))] } ?? [])
            case let .failure(error): return .error(error.message)
            }
        case let .dismiss(id):
            return board.dismiss(id, reason: .api, now: now) ? .ok(id: id) : .error("no toast with id \"\(id)\"")
        case .dismissAll:
            board.dismissAll(reason: .api, now: now)
            sound?.stop(nil)
            return .ok(id: nil)
        case let .list(limit):
            guard case let .object(members) = board.listing(limit: limit, now: now) else { return .ok(id: nil) }
            // The monitors a locker or the screen saver covers, where toasts wait (`xtoast doctor`).
            return .ok(id: nil, extra: members + [("locked", .array(lockedMonitors.sorted().map { .string($0) }))])
        case let .pause(pause):
            return pauseRequest(pause, now: now, wallNow: wallNow)
        case .pauseStatus:
            return .ok(id: nil, extra: quietStatus(wallNow: wallNow).json)
        case .resume:
            resumeQuiet(now: now, wallNow: wallNow)
            return .ok(id: nil)
        case let .snooze(snooze):
            return snoozeRequest(snooze, now: now, wallNow: wallNow)
        case let .history(limit):
            return .ok(id: nil, extra: [("history", board.historyAnswer(limit: limit, now: now, wallNow: wallNow))])
        case .clearHistory:
            board.clearHistory()
            historyStore?.clear()
            return .ok(id: nil)
        case .subscribe:
            board.subscribe(owner)
            return .ok(id: nil)
        case .reload:
            let diagnostics = reload(now: now)
            return .ok(id: nil, extra: diagnostics.isEmpty ? [] : [("warning", .string(diagnostics.joined(separator: "; ")))])
        case .rules:
            return .ok(id: nil, extra: [("rules", RuleStatus.json(ruleState.statuses(of: board.config.rules)))])
        case let .rule(name, change):
            guard let enabled = ruleState.change(name, change, in: board.config.rules) else {
                return .error("no rule named \"\(name)\" (xtoast rules lists them)")
            }
            logRoom.info(\.requests, "rule \(Log.quoted(name)) \(enabled ? "enabled" : "disabled")", now: now)
            return .ok(id: nil, extra: [("name", .string(name)), ("enabled", .bool(enabled))])
        case .focus:
            return focusRequest(now: now)
        case .handOver:
            // The daemon answers it with the caller's identity (`handOverRequest`); here none is known.
            return handOverRequest(from: nil, own: nil)
        case .busHandOver:
            // The daemon answers it against its bus's challenges (`NotificationBus.grantHandOver`).
            return .error("bushandover is only for xtoastd --replace (with the nonce this daemon gave it on the bus)")
        case .dismissNewest, .invoke, .restore, .menu, .count:
            return handleCommand(request, from: owner, now: now)
        case let .center(action, monitor):
            return centerRequest(action, monitor: monitor, now: now)
        case let .test(submission):
            // The run-time state counts; nothing is shown, stored or counted.
            guard case let .object(members) = decideAfterLock(submission, now: now).decision.report else {
                return .ok(id: nil)
            }
            return .ok(id: nil, extra: members)
        }
    }

    /// What `submit` did: the toast's id, why its icon or monitor could not be used, and
    /// whether a critical bus toast was shown as normal (`NotificationLimits.maxLiveCritical`).
    struct Admitted {
        var id: String
        var warnings: [String]
        var clampedCritical: Bool
    }

    /// The one way in for a new or replacing toast, from either source once decoded: the
    /// admission decides everything (rules, critical policy, stack tag, replace or take-over,
    /// skip, the open centre, a fullscreen hold; `decide`), the matches are counted, the
    /// toast's picture or icon is loaded, the board carries the decision out, and each matched
    /// rule's script is handed to `runScript` (a dropped toast's too). `wallNow` is the
    /// scripts' `XTOAST_TIMESTAMP`.
    func submit(_ submission: Submission, from owner: Owner, now: Double, wallNow: Double) -> Admitted {
        var (decision, monitorWarning) = decideAfterLock(submission, now: now)
        ruleState.record(decision.outcome, in: board.config.rules, at: wallNow)
        var warnings: [String] = []
        // A card's theme icons are found as it is about to show (`settle`), so a toast that
        // only waits costs no lookup; one with no card (straight into the centre), or whose
        // rule's script reads its icon's file now, has them found here.
        let findsIcons = !decision.outcome.scripts.isEmpty
        switch decision.action {
        case .show, .supersede, .suppress, .focused:
            warnings = loadPictures(of: &decision, icons: findsIcons)
            if let monitorWarning { warnings.append(monitorWarning) }
        case .replace, .takeOver:
            warnings = loadPictures(of: &decision, icons: findsIcons)
        case .intoCenter, .keepInCenter:
            warnings = loadPictures(of: &decision, icons: true)
        case .skipDisplay, .drop, .repeatOf, .sameAs, .fold, .snooze:
            break
        }
        let id = board.carryOut(decision, owner: owner, now: now)
        // Its card shows now (or replaced one on screen): what its icon was not found as is
        // said to the sender; a toast that waits is looked up when it shows, and logged then.
        if let warning = settle(now, answering: id) { warnings.append(warning) }
        var toast = decision.toast
        toast.id = id
        // Silent under do-not-disturb, and where a hold keeps the toast back (a fullscreen
        // window, a locker) or sent it to history: it shows silently later, if at all.
        let held = board.doNotDisturb || board.holdsBack(id)
        let chosen = SoundChoice.decide(for: toast, action: decision.action, hints: submission.sound,
                                        rule: decision.sound, config: board.config, held: held)
        if let sound, let playing = ring(toast, category: decision.category, action: decision.action, rule: decision.sound, chosen: chosen, now: now) ?? chosen {
            sound.play(playing, for: id)
        }
        for script in decision.outcome.scripts {
            var run = script
            run.command = ScriptEnvironment.command(script, for: toast)
            runScript(run, ScriptEnvironment.variables(for: toast, category: decision.outcome.settings.category ?? submission.category,
                                                       rule: script.rule, wallNow: wallNow, desktopEntry: submission.desktopEntry))
        }
        return Admitted(id: id, warnings: warnings, clampedCritical: decision.clampedCritical)
    }

    /// The toast's picture (a bus message's pixels), and with `icons` its icon and its action
    /// buttons' icons, loaded for the card it goes on; why any could not be.
    private func loadPictures(of decision: inout Admission.Decision, icons: Bool) -> [String] {
        var warnings: [String] = []
        if let image = decision.image {
            switch stage.storeImage(image) {
            case let .success(name): decision.toast.iconFile = name
            case let .failure(error): warnings.append(error.message)
            }
        } else if icons {
            let icon = loadIcon(decision.toast.icon)
            decision.toast.iconFile = icon.file
            if let warning = icon.warning { warnings.append(warning) }
        }
        if icons { decision.toast.actionIconFiles = actionIcons(decision.toast) }
        return warnings
    }

    /// The decision `submit` carries out and `xtoast rules --test` reports, the same way: a
    /// toast that would map a card has the screen asked about a locker first (`confirmLock`),
    /// and is decided again when that changed, so a toast held by one is neither announced
    /// `shown` nor heard (nor suppressed: a locked monitor only waits).
    func decideAfterLock(_ submission: Submission, now: Double) -> (decision: Admission.Decision, monitorWarning: String?) {
        let first = decide(submission, now: now)
        switch first.decision.action {
        case .show, .supersede, .suppress:
            return confirmLock(now: now) ? decide(submission, now: now) : first
        case .replace, .takeOver, .intoCenter, .keepInCenter, .skipDisplay, .drop, .repeatOf, .sameAs, .fold, .snooze, .focused:
            return first
        }
    }

    /// What the admission decides about `submission` now, with the open centre, the run-time
    /// rule state and the monitor a card would go to (and why it could not go where it asked);
    /// `decideAfterLock` asks the screen about a locker around it.
    func decide(_ submission: Submission, now: Double) -> (decision: Admission.Decision, monitorWarning: String?) {
        var warning: String?
        let decision = Admission.decide(submission, board: board, state: ruleState, centerOpen: center.isOpen, now: now,
                                        focus: screenWatch.focusedWindow) { choice in
            let chosen = chooseMonitor(choice)
            warning = chosen.warning
            return chosen.name
        }
        return (decision, warning)
    }

    /// Whether toasts can sound now: a sound server answered and `[sound] enabled` is on
    /// (`GetCapabilities` then lists `sound`).
    var canPlaySound: Bool { board.config.soundEnabled && sound?.canPlay == true }

    /// Ends a toast; false when none has that id.
    func dismiss(_ id: String, reason: DismissReason, now: Double) -> Bool {
        defer { settle(now) }
        return board.dismiss(id, reason: reason, now: now)
    }

    /// The monitor a new toast goes to: the one it asks for, else the config's follow rule.
    /// The pointer and focus are asked for only when the rule needs them.
    func chooseMonitor(_ choice: MonitorChoice?) -> (name: String, warning: String?) {
        let monitors = screen.monitors
        let follow = board.config.follow
        let pointer = follow == .none ? nil : screen.locate(.pointer)
        let focus = follow == .keyboard ? screen.locate(.focusedWindow) : nil
        let (index, warning) = MonitorSelection.choose(choice, in: monitors, follow: follow, pointer: pointer, focus: focus)
        return (monitors.indices.contains(index) ? monitors[index].name : "", warning)
    }

    /// Finds and loads an icon once, at show or update. On failure the card shows its kind's
    /// icon and the client gets a warning.
    /// `action-icons`: each action key that names a theme icon (a name, never a path: a key is
    /// not a file to read) and is found, by key. A key not found keeps its label, silently:
    /// the specification lets the server fall back to labels.
    private func actionIcons(_ toast: Toast) -> [String: String] {
        var files: [String: String] = [:]
        // The reply's send button: `x-kde-reply-submit-button-icon-name`, a theme icon's name.
        if let icon = toast.reply?.sendIcon, !CardComposer.namesFile(icon),
           case let .success(file) = resources.loadImage(.named(icon), pixelSize: stage.iconPixelSize) {
            files[ReplyOptions.sendIconKey] = file
        }
        guard toast.actionIcons else { return files }
        for action in toast.actions where !CardComposer.namesFile(action.id) && !action.id.contains("/") {
            if case let .success(file) = resources.loadImage(.named(action.id), pixelSize: stage.iconPixelSize) {
                files[action.id] = file
            }
        }
        return files
    }

    /// Finds the icons of the toasts whose cards are about to be composed (they showed, or
    /// their content changed), once each: a toast that only waits, or overflows before it
    /// shows, costs no lookup (issue 43). Returns what could not be found, by id.
    private func findIcons(for ids: some Sequence<String>) -> [String: String] {
        var warnings: [String: String] = [:]
        for id in ids where board.needsIcons(id) {
            guard let toast = board.toast(id) else { continue }
            let icon = loadIcon(toast.icon)
            board.setIcons(id, file: icon.file, actionFiles: actionIcons(toast))
            if let warning = icon.warning { warnings[id] = warning }
        }
        return warnings
    }

    private func loadIcon(_ spec: String?) -> (file: String?, warning: String?) {
        guard let spec else { return (nil, nil) }
        // A file named by path is a picture, decoded for its larger slot; a name is a theme icon.
        let size = CardComposer.namesFile(spec) ? stage.imagePixelSize : stage.iconPixelSize
        switch resources.loadImage(.named(spec), pixelSize: size) {
        case let .success(file): return (file, nil)
        case let .failure(error): return (nil, error.message)
        }
    }

    /// Reads the config again over the defaults (a removed key goes back to its default; the
    /// desktop's scale still applies where none is set); what is wrong keeps its old value.
    /// Cards on screen restyle.
    func reload(now: Double) -> [String] {
        var (config, diagnostics) = wiring.loadConfig(board.config)
        config.desktop = desktopSettings
        readGSettings()
        for line in Self.desktopLines(config, was: board.config) { logRoom.info(\.desktop, line, now: now) }
        let scale = desktopScale(config)
        let pixelSize = config.fontSize * 96 / 72 * scale
        if !resources.setFont(config.fontFace, pixelSize: pixelSize) {
            Log.info("no usable font for \(config.fontFace.description); keeping the old one")
        }
        ruleState = ruleState.carried(from: board.config.rules, to: config.rules)
        let threshold = board.config.idleThreshold
        board.reconfigure(config, now: now)
        let sharing = sharingWindows(config)
        changeQuiet(now: now) { $0.follow(schedules: config.quietSchedules, sharing: sharing) }
        historyStore?.setBounds(keep: config.historyKeep, keepDays: config.historyKeepDays)
        if config.idleThreshold != threshold { watchIdle(config.idleThreshold, now: now) }
        stage.reconfigure(config, scale: scale, board: board, now: now)
        board.setRoom(stage.room, now: now)
        keyInput.grabbedForVisibleCard = nil  // the keys may have changed: hold them again
        center.reconfigure(config, scale: scale)
        onReload?()
        settle(now)
        logRoom.info(\.requests, "config reloaded\(diagnostics.isEmpty ? "" : " with \(diagnostics.count) problem(s)")", now: now)
        return diagnostics
    }

    /// Arms the screen's idle alarms for `threshold` seconds (0: off). A new threshold starts
    /// from "not idle": the screen reports idle again at once should the user already have
    /// been away that long. Without an idle counter one line says so, once.
    private func watchIdle(_ threshold: Int, now: Double) {
        board.setHold(.idle, false, now: now)
        guard !screen.watchIdle(threshold: threshold), threshold > 0, screenWatch.sayIdleUnavailable() else { return }
        Log.info("the X server has no IDLETIME counter: idle_threshold does nothing")
    }

    // MARK: Pointer and owners

    /// One way in for input: `InputRouter` decides who gets it (the centre, focus mode, a
    /// bound key, the cards, or the service for a fact about the screen) and what it meant;
    /// here that is carried out.
    /// Handles screen input, one event at a time until `budget` is spent: first what an
    /// earlier turn left over, else a new batch from the screen. The rest waits for the next
    /// turn, after the sockets and the bus are served (`hasInputWaiting`).
    /// A frame that comes due meanwhile ends the batch too: the turn draws it (`advance`)
    /// before any more input, and the rest waits for the next turn.
    func handleInput(budget: TurnBudget, now: () -> Double) {
        if !screenWatch.hasPending {
            let batch = screen.takeInput()
            screenWatch.wait(batch)
        }
        while let event = screenWatch.nextInput() {
            let time = now()
            handle(event, now: time)
            if budget.isSpent || isFrameDue(time) { break }
        }
    }

    /// Whether the cards' or the centre's next frame is due by `now` (within a millisecond,
    /// as `stepDueFrames` takes it).
    private func isFrameDue(_ now: Double) -> Bool {
        if let due = stage.nextFrame, due <= now + 0.001 { return true }
        if let due = center.nextFrame, due <= now + 0.001 { return true }
        return false
    }

    /// Input is there to handle now: left over from a turn, or read into the screen's buffer
    /// (which `poll()` cannot see).
    var hasInputWaiting: Bool { screenWatch.hasPending || screen.readiness.hasPendingInput }

    func handle(_ input: InputEvent, now: Double) {
        let decision = InputRouter.route(input, inputContext(for: input), board: board)
        if decision.keepsFocusAlive { keyInput.focus?.touch(now: now) }
        for intent in decision.intents { perform(intent, now: now, from: input) }
        switch decision.recipient {
        case .screen:
            snoozeMenuScreenEvent(input)
            screenEvent(input, now: now)
        case .center: handleInCenter(input, now: now)
        case .snoozeMenu: handleInSnoozeMenu(input, now: now)
        case .cards:
            let outcome = stage.handle(input, board: board, now: now)
            if let grab = outcome.grab { screen.grab(grab) }
            if let release = outcome.release { screen.release(release) }
            for intent in outcome.intents { perform(intent, now: now, from: input) }
        case .nobody: break
        }
        settle(now)
    }

    /// What the router decides on: the centre, focus mode (and the cards' facts its keys
    /// need) and which surfaces are cards.
    /// The cards' facts by surface only for a middle or right press, the events they decide.
    private func inputContext(for input: InputEvent) -> InputRouter.Context {
        var clicks = false
        if case let .press(_, button, _, _, _) = input { clicks = button == 2 || button == 3 }
        return InputRouter.Context(centerOpen: center.isOpen, focus: keyInput.focus, cardSurfaces: stage.cardSurfaces,
                                   cards: keyInput.focus == nil ? [] : stage.facts(board: board),
                                   surfaceCards: clicks ? stage.surfaceFacts(board: board) : [:], mouse: board.config.mouse,
                                   snoozeMenuOpen: snoozing.popup != nil,
                                   reply: reply, replySurface: reply.flatMap { stage.card($0.id)?.surface },
                                   replyField: reply.flatMap { stage.replyFieldPlace($0.id) })
    }

    /// A fact about the screen: the board's holds and stacks, then the cards and the centre follow.
    private func screenEvent(_ input: InputEvent, now: Double) {
        switch input {
        case let .desktopSettingsChanged(settings):
            screenWatch.desktop.heardXSettings(settings)
            desktopChanged(now: now)
        case let .topLevelWindowsChanged(windows):
            screenWatch.saw(windows)
            sharingChanged(now: now)
        case let .activeWindowChanged(window):
            screenWatch.activated(window, now: now)
        case .compositorChanged:
            logRoom.info(\.screen, stage.hasAlpha ? "compositor started: cards are ARGB now" : "compositor stopped: cards use XShape now",
                         now: now)
            stage.remakeSurfaces(board: board, now: now)
        case let .lockChanged(monitors):
            lock(monitors, now: now)
        case .screenChanged:
            let facts = screen.facts
            logRoom.info(\.screen, "the screen changed: \(facts.description)", now: now)
            // Stacks of monitors that went away join the same positions on the primary one.
            let monitors = screen.monitors
            let primary = monitors.first(where: \.isPrimary) ?? monitors.first
            board.gather(keeping: Set(monitors.map(\.name)), onto: primary?.name ?? "", now: now)
            stage.screenChanged(to: monitors, refreshRate: facts.refreshRate, board: board, now: now)
            board.setRoom(stage.room, now: now)
        case .imagesReady:
            stage.imagesReady(board: board, now: now)
        case let .fullscreenChanged(monitors):
            logRoom.info(\.screen, monitors.isEmpty ? "no fullscreen window now"
                         : "a fullscreen window covers \(monitors.sorted().map(Log.quoted).joined(separator: ", "))", now: now)
            board.setHold(.fullscreen, monitors: monitors, now: now)
        case let .idleChanged(idle):
            Log.info(idle ? "no input for \(board.config.idleThreshold) s: timers wait for the user" : "input again: timers run")
            board.setHold(.idle, idle, now: now)
        case .press, .release, .motion, .enter, .leave, .key, .pasted, .focusLost:
            break  // the router gives these to the centre, focus mode, the keys or the cards
        }
        center.screenEvent(input, board: board, now: now)
    }

    /// Carries out what the user meant, from whichever input said it (`input`: the event that
    /// said it, when one did: a menu opens where the pointer pressed), and what follows it
    /// (`UserIntent.following(on:)`).
    func perform(_ intent: UserIntent, now: Double, from input: InputEvent? = nil) {
        for each in intent.following(on: board) { carryOut(each, now: now, from: input) }
    }

    private func carryOut(_ intent: UserIntent, now: Double, from input: InputEvent?) {
        switch intent {
        case let .dismiss(id, reason):
            board.dismiss(id, reason: reason, now: now)
        case let .openCenter(filter):
            _ = centerRequest(.open, filter: filter, now: now)
        case .dismissAll:
            board.dismissAll(reason: .close, kept: false, now: now)
            sound?.stop(nil)
        case let .invoke(id, action, serverTime):
            board.choose(action, on: id, activationToken: activationToken(serverTime), now: now)
        case let .expand(id): stage.expand(id, board: board, now: now)
        case .focusMove, .focusButton, .togglePause:
            keyInput.focus?.apply(intent, cards: stage.facts(board: board))
            stage.showFocus(keyInput.focus, board: board)
        case .startFocus: startFocus(now: now)
        case .endFocus: endFocus()
        case let .openLink(id, target): openLink(target, of: id, now: now)
        case .restore: restoreLast(now: now)
        case .menu: runMenuClient()
        case .toggleCenter: _ = centerRequest(.toggle, now: now)
        case let .snoozeApp(id, choice): snoozeFromCard(id, choice: choice, now: now)
        case .openReply, .submitReply, .cancelReply, .editReply, .pasteReply, .insertReply, .placeReplyCaret, .dragReplyCaret, .endReplyDrag:
            performReply(intent, now: now)
        case let .openSnoozeMenu(id):
            var pointer: Point?
            if case let .press(_, _, root, _, _)? = input { pointer = root }
            openSnoozeMenu(id, at: pointer, now: now)
        }
    }

    /// The token for an action chosen by input at `serverTime`; nil without input (no token
    /// then: one with a made-up time would tell the window manager the wrong moment).
    func activationToken(_ serverTime: UInt?) -> String? {
        serverTime.map { wiring.activationTokens.next(serverTime: $0) }
    }

    /// An owner went away: its toasts stay; it hears nothing more, and the open centre's
    /// buttons that only it could hear go. (Not a settle: it runs at shutdown too, after the
    /// screen went; restored cards lose their buttons at the next settle.)
    func forget(_ owner: Owner, now: Double) {
        board.forget(owner)
        center.boardChanged(board, now: now)
    }

    /// Every toast ends with reason `shutdown` (`replaced` when handing over) and its owner
    /// hears it; every card goes, the history file is let go of, and so are the keys.
    func shutdown(now: Double) {
        let reason: DismissReason = handingOver ? .replaced : .shutdown
        // An open reply field gives the keyboard's focus back before its card goes.
        closeReply(now: now)
        board.dismissAll(reason: reason, now: now)
        let changes = board.takeChanges()
        historyStore?.hold(changes.kept, now: now)
        // Every toast ended and is in the history: before the lock goes, so a successor reads no journal.
        liveJournal?.clear()
        historyStore?.release()
        closeSnoozeMenu()
        endFocus()
        stage.removeAll()
        center.remove()
        followCenterGrab(now: now)
        // The keys go now, not when the process ends: the daemon taking over grabs them next.
        screen.release(.keys([:]))
        for d in changes.deliveries { sink.deliver(d) }
    }

    /// The screen is gone: every toast ends with reason `shutdown` and its owner hears it,
    /// without a single call to the screen.
    func abandonScreen(now: Double) {
        board.dismissAll(reason: .shutdown, now: now)
        let changes = board.takeChanges()
        historyStore?.hold(changes.kept, now: now)
        liveJournal?.clear()
        // The process exits next: a rewrite under way, and the lines queued behind it, finish first.
        historyStore?.release()
        for d in changes.deliveries { sink.deliver(d) }
    }

    /// Makes the screen and the owners follow what the board changed, and holds the timers
    /// of stacks the pointer is on. Repeats while following the screen changes the board.
    ///
    /// The icons of cards about to be composed are found here (`findIcons`): what could not be
    /// found is returned for `asker` (the toast a request just showed: its sender hears it)
    /// and logged for the others.
    @discardableResult
    func settle(_ now: Double, answering asker: String? = nil) -> String? {
        let pending = board.pendingEntries
        // Before new cards map, and at any change while a lock holds: is a locker up?
        if pending.entered || (pending.any && !board.monitorsDrawingNothing.isEmpty) { confirmLock(now: now) }
        stage.lock(board.monitorsDrawingNothing)
        var changed = false
        var iconWarnings: [String: String] = [:]
        while true {
            // What the open centre lists has been seen (`count`'s unread follows).
            if center.isOpen { board.markAllRead() }
            let changes = board.takeChanges()
            iconWarnings.merge(findIcons(for: changes.entered + changes.restyled.map(\.id))) { $1 }
            changed = changed || !changes.isEmpty
            stopSounds(changes.left)
            stopRinging(changes.left.map(\.id) + changes.renamed.map(\.from))
            if !changes.isEmpty { stage.apply(changes, board: board, now: now) }
            followFocus()
            // The toast an open field answers ended, or an update took its reply away: the field goes.
            if let session = reply, board.toast(session.id)?.reply == nil || stage.card(session.id) == nil { closeReply(now: now) }
            // The focused card's stack waits as a hovered one does: what the user is on never ends.
            // An open reply field stops its toast's timer too: nobody's answer is cut off.
            let held = board.heldStacks(pointer: stage.heldKeys.union(snoozeMenuHolds), focusedCard: keyInput.focus?.card, replyCard: reply?.id,
                                        holdAll: focusHoldsTimers)
            for key in board.keys { board.setPaused(key, held.contains(key), now: now) }
            // Into the file before anyone hears the end (`writeHeldHistory`, before any output
            // leaves): a kill after a `dismissed` loses no entry.
            historyStore?.hold(changes.kept, now: now)
            if changes.historyEdited { historyStore?.edited() }
            if !changes.isEmpty || changes.historyEdited { liveJournal?.changed() }
            for d in changes.deliveries { sink.deliver(d) }
            if let counts = changes.counts { sink.send(Self.countEvent(counts), to: changes.countFollowers) }
            if changes.isEmpty {
                center.boardChanged(board, now: now)
                followCenterGrab(now: now)
                // Which card is newest changes only with the board (it walks every visible card).
                if changed || keyInput.grabbedForVisibleCard == nil { updateKeyGrabs() }
                for (id, warning) in iconWarnings where id != asker { logRoom.info(\.requests, "toast \(id): \(warning)", now: now) }
                return asker.flatMap { iconWarnings[$0] }
            }
        }
    }
}

// MARK: Sounds

extension ToastService {
    /// Do-not-disturb, however it was turned on, silences what plays; a toast the user or its
    /// sender ended (not one that timed out, was replaced or pushed out) takes its sound along.
    func stopSounds(_ left: [(id: String, reason: DismissReason)]) {
        guard let sound else { return }
        if quiet.silences(doNotDisturb: board.doNotDisturb) { sound.stop(nil) }
        for (id, reason) in left {
            switch reason {
            case .click, .swipe, .close, .action, .api: sound.stop(id)
            default: break
            }
        }
    }
}

// MARK: The lock screen

extension ToastService {
    /// The screen says which monitors a locker covers now: under `lock = hold` nothing is
    /// drawn there (`Board.monitorsDrawingNothing`).
    func lock(_ monitors: Set<String>, now: Double) {
        guard screenWatch.lock(monitors) else { return }
        logRoom.info(\.screen, monitors.isEmpty ? "no locker covers the screen now"
                     : "a locker covers \(monitors.sorted().map(Log.quoted).joined(separator: ", "))", now: now)
        board.setHold(.lock, monitors: monitors, now: now)
        // Found by asking rather than heard as input: the open centre goes as it would then.
        if !monitors.isEmpty && board.config.lock == .hold && center.isOpen { center.remove() }
    }

    /// Asks the screen again, before something maps (`ScreenInput.confirmLock`); under
    /// `lock = show` nothing is held, so nothing needs asking. True when the monitors a
    /// locker covers changed.
    @discardableResult
    func confirmLock(now: Double) -> Bool {
        guard board.config.lock == .hold else { return false }
        let before = lockedMonitors
        lock(screen.confirmLock(), now: now)
        return lockedMonitors != before
    }
}

// MARK: The notification centre

extension ToastService {
    /// `xtoast center`: opens on the monitor a toast would go to now.
    func centerRequest(_ action: CenterSwitch, monitor choice: MonitorChoice? = nil, filter: String? = nil, now: Double) -> Reply {
        let monitors = screen.monitors
        let chosen = chooseMonitor(choice).name
        let monitor = monitors.first { $0.name == chosen } ?? monitors.first
            ?? Monitor(name: "", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        if action == .open || (action == .toggle && !center.isOpen) {
            confirmLock(now: now)
            if !board.monitorsDrawingNothing.isEmpty {
                let message = "the centre does not open while a locker covers \(board.monitorsDrawingNothing.sorted().joined(separator: ", "))"
                logRoom.info(\.requests, message, now: now)
                return .error(message)
            }
        }
        switch action {
        case .open: center.open(on: monitor, board: board, now: now, filter: filter)
        case .close: center.close(now: now)
        case .toggle: center.toggle(on: monitor, board: board, now: now)
        }
        if center.isOpen {
            closeSnoozeMenu()
            stage.pointerTaken(now: now)
        }
        return .ok(id: nil, extra: [("open", .bool(center.isOpen))])
    }

    /// The entries of toasts that ended, held since (`settle`), go into the file in one write:
    /// the daemon calls it before any reply, event or signal leaves, so nobody hears of an end
    /// the file does not hold.
    func writeHeldHistory() { historyStore?.writeHeld() }

    /// At the end of a loop turn: the history file takes the turn's edits, or is compacted, and
    /// the crash journal the turn's live toasts.
    func writeHistory(now: Double) {
        historyStore?.compactIfDue(history: board.history, now: now)
        liveJournal?.saveIfDue(board.journaledToasts, now: now)
    }

    /// Input the router gave the open panel (its keys, the pointer), and what it asks for
    /// (`CenterCommand`; an entry's activation as `CenterActivation` decides).
    func handleInCenter(_ input: InputEvent, now: Double) {
        let commands = center.handle(input, board: board, now: now)
        for command in commands {
            switch command {
            case .close: center.close(now: now)
            case let .remove(key): board.removeHistory { HistoryKey($0) == key }
            case .clearAll: board.removeHistory { _ in true }
            case .toggleDoNotDisturb: toggleQuiet(now: now)
            case let .pauseFor(choice): pauseFromCenter(choice, now: now)
            case let .snoozeApp(app, choice): snoozeFromCenter(app, choice: choice, now: now)
            case let .activate(entry):
                switch CenterActivation.decide(entry, board: board) {
                case let .lateAction(action, historyID):
                    board.lateAction(action, on: historyID, activationToken: activationToken(input.serverTime), now: now)
                case let .expand(key): center.expand(key, board: board, now: now)
                }
            case let .lateAction(action, historyID):
                board.lateAction(action, on: historyID, activationToken: activationToken(input.serverTime), now: now)
            case let .reply(historyID): replyFromCenter(historyID, serverTime: input.serverTime, now: now)
            }
        }
        if !commands.isEmpty { center.repaint(board: board, now: now) }
    }
}
