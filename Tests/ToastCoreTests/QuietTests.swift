import ConfigParsing
import JSONCodec
import Operations
import Testing
import ToastCore

/// Issue 30: do-not-disturb with an end, levels, schedules and inhibitions, decided with the
/// clock and the zone passed in.
@Suite struct QuietTests {
    /// Central Europe in 2026: CET (+1 h), CEST (+2 h) from 29 March 01:00 UTC to 25 October 01:00 UTC.
    static let berlin = LocalZone { t in
        let springForward = Double(LocalZone.days(year: 2026, month: 3, day: 29)) * 86_400 + 3600
        let fallBack = Double(LocalZone.days(year: 2026, month: 10, day: 25)) * 86_400 + 3600
        return t >= springForward && t < fallBack ? 7200 : 3600
    }

    /// The UNIX time the Berlin clock reads `hour:minute` on a date (standard time outside summer).
    static func at(_ y: Int, _ m: Int, _ d: Int, _ hour: Int, _ minute: Int, zone: LocalZone = berlin) -> Double {
        zone.instant(day: LocalZone.days(year: y, month: m, day: d), secondOfDay: hour * 3600 + minute * 60)
    }

    static func clock(_ t: Double, zone: LocalZone = berlin) -> String {
        let c = zone.civil(t)
        return "\(c.year)-\(c.month)-\(c.day) \(c.seconds / 3600):\(c.seconds / 60 % 60)"
    }

    static func resolve(_ words: String, from now: Double) throws -> Double {
        try QuietEnd.time(words).resolve(now: now, zone: berlin)
    }

    // MARK: Durations and times

    @Test func durations() throws {
        #expect(try QuietEnd.duration("90m") == .after(5400))
        #expect(try QuietEnd.duration("2h") == .after(7200))
        #expect(try QuietEnd.duration("1h30m") == .after(5400))
        #expect(try QuietEnd.duration("45s") == .after(45))
        #expect(try QuietEnd.duration("1.5h") == .after(5400))
        #expect(try QuietEnd.duration("2d") == .after(172_800))
        for bad in ["", "90", "m", "5x", "0s", "400d", "-1h", "1h-", String(repeating: "1", count: 40) + "s"] {
            #expect(throws: QuietProblem.self, "\(bad)") { try QuietEnd.duration(bad) }
        }
    }

    @Test("18:00 is today's while it is ahead, tomorrow's once passed; across midnight")
    func clockTimes() throws {
        let noon = Self.at(2026, 1, 12, 12, 0)
        #expect(Self.clock(try Self.resolve("18:00", from: noon)) == "2026-1-12 18:0")
        #expect(Self.clock(try Self.resolve("09:30", from: noon)) == "2026-1-13 9:30")
        let lateNight = Self.at(2026, 1, 12, 23, 50)
        #expect(Self.clock(try Self.resolve("tomorrow 08:00", from: lateNight)) == "2026-1-13 8:0")
        #expect(Self.clock(try Self.resolve("00:10", from: lateNight)) == "2026-1-13 0:10")
        // Just past midnight, "tomorrow" is the day after the one that has begun.
        let pastMidnight = Self.at(2026, 1, 13, 0, 5)
        #expect(Self.clock(try Self.resolve("tomorrow morning", from: pastMidnight)) == "2026-1-14 8:0")
        #expect(Self.clock(try Self.resolve("this evening", from: noon)) == "2026-1-12 18:0")
        #expect(throws: QuietProblem.self) { try Self.resolve("this evening", from: Self.at(2026, 1, 12, 19, 0)) }
        #expect(throws: QuietProblem.self) { try Self.resolve("today 09:00", from: noon) }
    }

    @Test("a weekday is the next such day (never today) at 08:00; a date; bad words")
    func daysAndDates() throws {
        let mondayNoon = Self.at(2026, 1, 12, 12, 0)  // 12 January 2026 is a Monday
        #expect(Self.berlin.civil(mondayNoon).weekday == 0)
        #expect(Self.clock(try Self.resolve("monday", from: mondayNoon)) == "2026-1-19 8:0")
        #expect(Self.clock(try Self.resolve("fri 17:30", from: mondayNoon)) == "2026-1-16 17:30")
        #expect(Self.clock(try Self.resolve("2026-12-24 18:00", from: mondayNoon)) == "2026-12-24 18:0")
        #expect(Self.clock(try Self.resolve("2026-02-01", from: mondayNoon)) == "2026-2-1 8:0")
        #expect(throws: QuietProblem.self) { try Self.resolve("2025-12-24", from: mondayNoon) }
        #expect(throws: QuietProblem.self) { try Self.resolve("2028-01-01", from: mondayNoon) }
        for bad in ["", "soon", "25:00", "12:5", "today", "2026-02-30", "monday tuesday", "18:00 monday", "a b c"] {
            #expect(throws: QuietProblem.self, "\(bad)") { try QuietEnd.time(bad) }
        }
    }

    @Test("across the DST changes: an hour skipped lands past the gap, an hour shown twice is its first showing")
    func summerTime() throws {
        // Saturday 28 March 2026, 12:00 CET: "tomorrow 08:00" is 08:00 CEST, 19 h later, not 20.
        let saturday = Self.at(2026, 3, 28, 12, 0)
        let morning = try Self.resolve("tomorrow 08:00", from: saturday)
        #expect(morning - saturday == 19 * 3600)
        #expect(Self.clock(morning) == "2026-3-29 8:0")
        // 02:30 does not exist that night: it is read past the gap, at 03:30 CEST.
        let gap = try Self.resolve("tomorrow 02:30", from: saturday)
        #expect(Self.clock(gap) == "2026-3-29 3:30")
        // 25 October: 02:30 is shown twice; the first (CEST) counts.
        let october = Self.at(2026, 10, 24, 12, 0)
        let twice = try Self.resolve("tomorrow 02:30", from: october)
        #expect(twice - october == 14.5 * 3600)
        // A duration is time, whatever the clock shows.
        #expect(try QuietEnd.duration("2h").resolve(now: saturday, zone: Self.berlin) == saturday + 7200)
    }

    @Test func wordsRoundTrip() throws {
        for words in ["18:00", "tomorrow 08:00", "monday 08:00", "today 18:00", "2026-12-24 18:00"] {
            #expect(try QuietEnd.time(words).text == words)
            #expect(try QuietEnd.time(try QuietEnd.time(words).text) == QuietEnd.time(words))
        }
        #expect(try QuietEnd.duration(QuietEnd.after(5400).text) == .after(5400))
    }

    // MARK: Levels

    static func toast(_ urgency: Urgency = .normal, level: Int? = nil, app: String? = nil, category: String = "") -> Toast {
        var toast = Toast(id: "1", message: "hi", urgency: urgency)
        toast.overridePauseLevel = level
        toast.app = app
        toast.category = category
        return toast
    }

    @Test("dunst's pause levels: a toast shows while the level is at most its override (critical 100, others 0)")
    func levels() {
        #expect(!QuietGate.off.holds(Self.toast()))
        #expect(QuietGate.pause.holds(Self.toast()))
        #expect(!QuietGate.pause.holds(Self.toast(.critical)))
        #expect(QuietGate(level: 50).holds(Self.toast(level: 40)))
        #expect(!QuietGate(level: 50).holds(Self.toast(level: 50)))
        #expect(!QuietGate(level: 50).holds(Self.toast(level: 100)))
        // A rule may hold a critical toast back too.
        #expect(QuietGate(level: 50).holds(Self.toast(.critical, level: 10)))
        #expect(QuietGate(level: 1).holds(Self.toast(.low)))
    }

    // MARK: One truth (issue 49)

    @Test("is-paused, get-pause-level and pause --status agree for every source of quiet; during a schedule the level is not 0")
    func oneTruthForQuiet() throws {
        let now = 1_800_000_000.0
        var sources: [(String, QuietState, expected: Int)] = [("nothing", QuietState(), 0)]
        var paused = QuietState()
        paused.pause(until: nil, now: now)
        sources.append(("pause", paused, 100))
        var level = QuietState()
        level.pause(level: 30, until: now + 600, now: now)
        sources.append(("level 30", level, 30))
        sources.append(("schedule", QuietState(schedules: [try QuietSchedule.parse("daily 00:00-24:00")]), 100))
        var allowing = QuietState(schedules: [try QuietSchedule.parse("daily 00:00-24:00")])
        allowing.schedules[0].allow = try QuietSchedule.allowList("critical|calls")
        sources.append(("schedule allowing calls", allowing, 100))
        var inhibited = QuietState()
        _ = inhibited.inhibit(desktopEntry: "zoom", reason: "Meeting", caller: ":1.7", timeout: nil, now: now)
        sources.append(("inhibition", inhibited, 100))
        var sharing = QuietState()
        sharing.sharing = ["Zoom Share"]
        sources.append(("screen sharing", sharing, 100))
        for (name, state, expected) in sources {
            let status = state.status(at: now, zone: .utc)
            // get-pause-level and the bus's pauseLevel read `level`; is-paused, dunst's paused and
            // Inhibited read `inhibited`; pause --status prints both; xtoast list's "paused" is the board's gate.
            #expect(status.level == expected, "\(name)")
            #expect(status.inhibited == (expected > 0), "\(name)")
            let json = JSON.object(status.json)
            #expect(json["level"] == .number(Double(expected)) && json["inhibited"] == .bool(expected > 0), "\(name)")
            var board = Board()
            board.setQuiet(status.gate, now: 0)
            #expect(board.listing(now: 0)["paused"] == .bool(expected > 0), "\(name)")
        }
    }

    // MARK: Schedules

    @Test func scheduleParsing() throws {
        let weekdays = try QuietSchedule.parse("mon-fri 22:00-07:00")
        #expect(weekdays.days == [0, 1, 2, 3, 4] && weekdays.start == 22 * 60 && weekdays.end == 7 * 60)
        #expect(try QuietSchedule.parse("fri-mon 00:00-24:00").days == [4, 5, 6, 0])
        #expect(try QuietSchedule.parse("sat,sun 10:00-12:00").days == [5, 6])
        #expect(try QuietSchedule.parse("12:00-13:00").days == Set(0..<7))
        #expect(try QuietSchedule.allowList("critical|calls|Slack") == [.critical, .calls, .app("slack")])
        #expect(try QuietSchedule.allowList("none") == [])
        for bad in ["", "mon-fri", "mon 22:00", "x 10:00-11:00", "mon 10:00-10:00", "mon 25:00-07:00", "a b c"] {
            #expect(throws: QuietProblem.self, "\(bad)") { try QuietSchedule.parse(bad) }
        }
    }

    @Test("at the bounds: 32 schedules load and a 33rd is refused with its line; an allow of 32 words loads, of 33 is refused")
    func scheduleBounds() throws {
        let lines = (0..<(QuietSchedule.maxSchedules + 1)).map { "every = mon \(10 + $0 / 60):\($0 % 60 < 10 ? "0" : "")\($0 % 60)-23:00" }
        let parsed = ConfigParser.parse("[quiet]\n" + lines.joined(separator: "\n") + "\n", file: "c")
        #expect(parsed.config.quietSchedules.count == QuietSchedule.maxSchedules)
        #expect(parsed.diagnostics.map(\.description) == ["c:\(QuietSchedule.maxSchedules + 2): every: at most \(QuietSchedule.maxSchedules) schedules"])
        let words = (0..<QuietSchedule.maxAllowWords).map { "app\($0)" }
        #expect(try QuietSchedule.allowList(words.joined(separator: "|")).count == QuietSchedule.maxAllowWords)
        #expect(throws: QuietProblem.self) { try QuietSchedule.allowList((words + ["one-more"]).joined(separator: "|")) }
    }

    @Test("a schedule crossing midnight holds from Friday 22:00 to Saturday 07:00, and its boundaries are the timer")
    func scheduleAcrossMidnight() throws {
        let schedule = try QuietSchedule.parse("mon-fri 22:00-07:00")
        let friday = Self.at(2026, 1, 16, 21, 59)
        #expect(!schedule.holds(at: friday, zone: Self.berlin))
        #expect(schedule.holds(at: Self.at(2026, 1, 16, 22, 0), zone: Self.berlin))
        #expect(schedule.holds(at: Self.at(2026, 1, 17, 6, 59), zone: Self.berlin))
        #expect(!schedule.holds(at: Self.at(2026, 1, 17, 7, 0), zone: Self.berlin))
        // Saturday night is free: Saturday is not a day it starts on.
        #expect(!schedule.holds(at: Self.at(2026, 1, 17, 23, 0), zone: Self.berlin))
        // Sunday 22:00 is not one either, but Monday 06:00 is Sunday's night: not held.
        #expect(!schedule.holds(at: Self.at(2026, 1, 19, 6, 0), zone: Self.berlin))
        #expect(schedule.nextBoundary(after: friday, zone: Self.berlin) == Self.at(2026, 1, 16, 22, 0))
        #expect(schedule.nextBoundary(after: Self.at(2026, 1, 16, 22, 0), zone: Self.berlin) == Self.at(2026, 1, 17, 7, 0))
        // From Saturday morning the next is Monday 22:00.
        #expect(schedule.nextBoundary(after: Self.at(2026, 1, 17, 7, 0), zone: Self.berlin) == Self.at(2026, 1, 19, 22, 0))
        #expect(schedule.end(after: Self.at(2026, 1, 16, 23, 0), zone: Self.berlin) == Self.at(2026, 1, 17, 7, 0))
    }

    @Test("a schedule's allow lets critical toasts, calls or an application through")
    func scheduleAllow() throws {
        var state = QuietState(schedules: [try QuietSchedule.parse("daily 00:00-24:00")])
        var gate = state.status(at: 1_800_000_000, zone: .utc).gate
        #expect(gate.holds(Self.toast()) && !gate.holds(Self.toast(.critical)))
        state.schedules[0].allow = try QuietSchedule.allowList("calls|Slack")
        gate = state.status(at: 1_800_000_000, zone: .utc).gate
        #expect(gate.holds(Self.toast(.critical)))
        #expect(!gate.holds(Self.toast(category: "call.incoming")) && !gate.holds(Self.toast(category: "call")))
        #expect(gate.holds(Self.toast(category: "call.ended")))
        #expect(!gate.holds(Self.toast(app: "slack")) && gate.holds(Self.toast(app: "Mail")))
        // A rule's level of 100 passes a schedule as it passes a pause.
        #expect(!gate.holds(Self.toast(level: 100)))
    }

    // MARK: The state

    @Test("a pause ends at its time, also when the clock jumped past it (a suspend)")
    func pauseEnds() {
        var state = QuietState()
        state.pause(until: 1000, now: 100)
        #expect(state.status(at: 500, zone: .utc).inhibited)
        #expect(state.nextDeadline(after: 500, zone: .utc) == 1000)
        let changed1 = state.expire(now: 999)
        #expect(!changed1)
        // The machine slept from 999 to 50 000: the first look after ends it.
        let changed2 = state.expire(now: 50_000)
        #expect(changed2)
        #expect(state.user == nil && !state.status(at: 50_000, zone: .utc).inhibited)
        #expect(state.nextDeadline(after: 50_000, zone: .utc) == nil)
        // The clock set back: a pause whose end is ahead again stays.
        state.pause(until: 2000, now: 1500)
        let changed3 = state.expire(now: 1000)
        #expect(!changed3)
    }

    @Test("inhibitions: cookies, bounds, the caller's alone to release, gone with their caller, a timeout")
    func inhibitions() throws {
        var state = QuietState()
        let a = try state.inhibit(desktopEntry: "org.kde.xdg-desktop-portal", reason: "Screen sharing", caller: ":1.5", timeout: nil, now: 0).get()
        let b = try state.inhibit(desktopEntry: "zoom", reason: "", caller: ":1.6", timeout: 60, now: 0).get()
        #expect(a != 0 && b != a)
        let changed4 = state.uninhibit(a, caller: ":1.6")
        #expect(!changed4)
        #expect(state.inhibitions.count == 2)
        #expect(state.nextDeadline(after: 0, zone: .utc) == 60)
        let changed5 = state.expire(now: 61)
        #expect(changed5)
        #expect(state.inhibitions.map(\.cookie) == [a])
        let changed6 = state.callerLeft(":1.5")
        #expect(changed6)
        #expect(!state.status(at: 61, zone: .utc).inhibited)
        #expect(throws: QuietProblem.self) { var s = state; _ = try s.inhibit(desktopEntry: "", reason: "", caller: ":1.7", timeout: nil, now: 0).get() }
        #expect(throws: QuietProblem.self) {
            var s = state
            _ = try s.inhibit(desktopEntry: "x", reason: String(repeating: "r", count: 257), caller: ":1.7", timeout: nil, now: 0).get()
        }
        #expect(throws: QuietProblem.self) { var s = state; _ = try s.inhibit(desktopEntry: "x", reason: "", caller: ":1.7", timeout: 0, now: 0).get() }
        for _ in 0..<QuietState.maxInhibitionsPerCaller { _ = try state.inhibit(desktopEntry: "x", reason: "", caller: ":1.8", timeout: nil, now: 0).get() }
        #expect(throws: QuietProblem.self) { var s = state; _ = try s.inhibit(desktopEntry: "x", reason: "", caller: ":1.8", timeout: nil, now: 0).get() }
        for i in 0..<(QuietState.maxInhibitions - QuietState.maxInhibitionsPerCaller) {
            _ = try state.inhibit(desktopEntry: "x", reason: "", caller: ":2.\(i)", timeout: nil, now: 0).get()
        }
        #expect(throws: QuietProblem.self) { var s = state; _ = try s.inhibit(desktopEntry: "x", reason: "", caller: ":3.0", timeout: nil, now: 0).get() }
        #expect(QuietState.timeoutHint(["timeout": .int(30)]) == .success(30))
        #expect(QuietState.timeoutHint([:]) == .success(nil))
        #expect((try? QuietState.timeoutHint(["timeout": .string("30")]).get()) == nil)
        #expect((try? QuietState.timeoutHint(["timeout": .int(0)]).get()) == nil)
    }

    @Test("Inhibited is the overall state: every combination of the user, an application and a schedule")
    func inhibitedFromEveryCombination() throws {
        let schedule = try QuietSchedule.parse("daily 10:00-11:00")
        let inside = 10.5 * 3600, outside = 12.0 * 3600
        for user in [false, true] {
            for app in [false, true] {
                for scheduled in [false, true] {
                    var state = QuietState(schedules: [schedule])
                    if user { state.pause(level: 40, until: nil, now: 0) }
                    if app { _ = state.inhibit(desktopEntry: "zoom", reason: "call", caller: ":1.1", timeout: nil, now: 0) }
                    let now = scheduled ? inside : outside
                    let status = state.status(at: now, zone: .utc)
                    #expect(status.inhibited == (user || app || scheduled), "user \(user) app \(app) schedule \(scheduled)")
                    #expect(status.sources.count == [user, app, scheduled].filter { $0 }.count)
                    // The level: an application's is full; the user's own otherwise.
                    #expect(status.gate.level == (app ? 100 : user ? 40 : 0))
                    #expect(status.gate.allows.count == (scheduled ? 1 : 0))
                    #expect(status.gate.holds(Self.toast(level: 50)) == (app || scheduled))
                }
            }
        }
    }

    @Test("the state file's line reads back; anything else does not")
    func stateFile() {
        let pause = QuietState.UserPause(level: 60, until: 1_800_000_000, since: 1_799_990_000)
        #expect(QuietState.UserPause(line: Array(pause.line.utf8.dropLast())) == pause)
        let endless = QuietState.UserPause(level: 100, until: nil, since: 5)
        #expect(QuietState.UserPause(line: Array(endless.line.utf8)) == endless)
        for bad in ["", "{}", #"{"level":0,"since":1}"#, #"{"level":101,"since":1}"#, #"{"level":5.5,"since":1}"#,
                    #"{"level":5,"since":"x"}"#, #"{"level":5,"since":1,"until":"x"}"#, "[1]"] {
            #expect(QuietState.UserPause(line: Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test("a pause read back ends at most 366 days ahead, as --for allows; \"until\":99999999999 is not one (issue 43)")
    func stateFileBounded() {
        let now = 1_800_000_000.0
        #expect(QuietState.UserPause(level: 100, until: now + QuietEnd.maxSeconds, since: now).isBounded(now: now))
        #expect(QuietState.UserPause(level: 100, until: nil, since: now - 5).isBounded(now: now))
        #expect(!QuietState.UserPause(level: 100, until: now + QuietEnd.maxSeconds + 1, since: now).isBounded(now: now))
        let forged = QuietState.UserPause(line: Array(#"{"level":100,"since":1,"until":99999999999}"#.utf8))
        #expect(forged != nil && forged?.isBounded(now: now) == false)
        #expect(QuietState.UserPause(level: 100, until: nil, since: 1e300).isBounded(now: now) == false)
    }

    @Test("pause's command line and its requests")
    func commandLine() throws {
        #expect(try CommandParser.parse(["pause"]) == Command.send(.pause()))
        #expect(try CommandParser.parse(["pause", "--for", "90m"]) == .send(.pause(PauseRequest(end: .after(5400)))))
        #expect(try CommandParser.parse(["pause", "--until=tomorrow morning", "--level", "60"])
                == .send(.pause(PauseRequest(level: 60, end: .at(day: .tomorrow, minute: 480)))))
        #expect(try CommandParser.parse(["pause", "--status"]) == .send(.pauseStatus))
        for bad in [["pause", "x"], ["pause", "--for", "9"], ["pause", "--for", "1h", "--until", "18:00"], ["pause", "--level", "0"],
                    ["pause", "--status", "--for", "1h"], ["pause", "--until", "soon"]] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
        for request in [Request.pause(), .pause(PauseRequest(level: 60, end: .after(5400))),
                        .pause(PauseRequest(end: .at(day: .weekday(0), minute: 480))), .pauseStatus] {
            #expect(try Request.decode(line: request.line).get() == request)
        }
        for bad in [#"{"op":"pause","level":0}"#, #"{"op":"pause","for":"1h","until":"18:00"}"#, #"{"op":"pause","until":"x"}"#,
                    #"{"op":"pause","status":true,"level":5}"#] {
            #expect(throws: RequestError.self, "\(bad)") { try Request.decode(line: Array(bad.utf8)).get() }
        }
    }
}
