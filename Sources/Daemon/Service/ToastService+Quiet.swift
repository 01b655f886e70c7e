import DaemonLog
import Operations
import ToastCore

/// Do-not-disturb with an end, its levels, the schedules and the applications' inhibitions:
/// `QuietState` decides, the board holds what its gate keeps back, and the loop's timer list
/// gets one deadline, the next moment quiet changes by itself. Every deadline is a wall-clock
/// time, compared with the wall clock at each timer fire and each wake (`checkQuiet`), so a
/// suspend or a clock set forward ends a pause at the first look after.
extension ToastService {
    // MARK: The user

    /// `xtoast pause [--for | --until] [--level]`; the reply says when it ends.
    func pauseRequest(_ request: PauseRequest, now: Double, wallNow: Double) -> Reply {
        var until: Double?
        if let end = request.end {
            do throws(QuietProblem) { until = try end.resolve(now: wallNow, zone: zone) } catch { return .error(error.message) }
        }
        pause(level: request.level, until: until, now: now, wallNow: wallNow)
        return .ok(id: nil, extra: until.map { [("until", .number($0.rounded()))] } ?? [])
    }

    func pause(level: Int = QuietState.fullLevel, until: Double?, now: Double, wallNow: Double) {
        quiet.pause(level: level, until: until, now: wallNow)
        quietStore?.save(quiet.user)
        let end = until.map { " until \(QuietStatus.clock($0, zone: zone))" } ?? " until resumed"
        logRoom.info(\.requests, "do-not-disturb\(level == QuietState.fullLevel ? "" : " at level \(level)")\(end)", now: now)
        applyQuiet(now: now, wallNow: wallNow)
    }

    /// `xtoast resume`, the centre's switch turned off: the user's pause ends (applications
    /// and schedules still hold what they ask for).
    func resumeQuiet(now: Double, wallNow: Double) {
        guard quiet.user != nil else { return applyQuiet(now: now, wallNow: wallNow) }
        quiet.resume()
        quietStore?.save(nil)
        logRoom.info(\.requests, "do-not-disturb off", now: now)
        applyQuiet(now: now, wallNow: wallNow)
    }

    /// The centre's switch (and Shift+D): the user's pause, until turned off, or off.
    func toggleQuiet(now: Double) {
        if quiet.user != nil { resumeQuiet(now: now, wallNow: wallClock(now)) } else { pause(until: nil, now: now, wallNow: wallClock(now)) }
    }

    /// A choice of the centre's do-not-disturb menu.
    func pauseFromCenter(_ choice: QuietChoice, now: Double) {
        let wall = wallClock(now)
        guard let end = choice.end else { return pause(until: nil, now: now, wallNow: wall) }
        do throws(QuietProblem) {
            pause(until: try end.resolve(now: wall, zone: zone), now: now, wallNow: wall)
        } catch {
            logRoom.info(\.requests, "do-not-disturb \(choice.label): \(error.message)", now: now)
        }
    }

    /// Takes the pause kept across a restart (one whose time has come is dropped).
    func keepQuiet(in store: QuietStore, now: Double) {
        quietStore = store
        if let pause = store.load(wallNow: wallClock(now)) {
            quiet.pause(level: pause.level, until: pause.until, now: pause.since)
            Log.info("do-not-disturb kept from before the restart"
                     + (pause.until.map { ", until \(QuietStatus.clock($0, zone: zone))" } ?? ", until resumed"))
        }
        applyQuiet(now: now)
    }

    // MARK: Applications

    /// `Inhibit` from the bus name `caller`.
    func inhibit(desktopEntry: String, reason: String, caller: String, timeout: Double?, now: Double) -> Result<UInt32, QuietProblem> {
        defer { settle(now) }
        let wall = wallClock(now)
        let result = quiet.inhibit(desktopEntry: desktopEntry, reason: reason, caller: caller, timeout: timeout, now: wall)
        if case let .success(cookie) = result {
            logRoom.info(\.inhibitions, "\(Log.quoted(desktopEntry)) asks for quiet (inhibition \(cookie)"
                         + (reason.isEmpty ? "" : ": \(Log.quoted(reason))") + (timeout.map { ", for \(Int($0.rounded())) s" } ?? "") + ")",
                         now: now)
            applyQuiet(now: now, wallNow: wall)
        }
        return result
    }

    /// `UnInhibit`; false when `caller` holds no such cookie.
    func uninhibit(_ cookie: UInt32, caller: String, now: Double) -> Bool {
        defer { settle(now) }
        guard quiet.uninhibit(cookie, caller: caller) else { return false }
        logRoom.info(\.inhibitions, "inhibition \(cookie) released", now: now)
        applyQuiet(now: now)
        return true
    }

    /// A bus name left: its inhibitions end with it.
    func inhibitorLeft(_ name: String, now: Double) {
        guard quiet.callerLeft(name) else { return }
        logRoom.info(\.inhibitions, "\(Log.quoted(name)) left the bus: its inhibitions end", now: now)
        applyQuiet(now: now)
        settle(now)
    }

    // MARK: Time

    /// Who holds quiet now.
    func quietStatus(wallNow: Double) -> QuietStatus { quiet.status(at: wallNow, zone: zone) }

    /// On each wake: past the next deadline on the wall clock, quiet is decided again.
    func checkQuiet(now: Double) {
        quietWallNow = wallClock(now)
        guard let due = quietDeadline?.wall, wallClock(now) >= due else { return }
        applyQuiet(now: now)
    }

    func applyQuiet(now: Double) { applyQuiet(now: now, wallNow: wallClock(now)) }

    /// Ends what is due, gives the board the gate, sets the next deadline and tells the bus
    /// when `Inhibited` or the pause level changed.
    func applyQuiet(now: Double, wallNow: Double) {
        quietWallNow = wallNow
        let user = quiet.user
        if quiet.expire(now: wallNow) {
            if quiet.user != user {
                quietStore?.save(quiet.user)
                Log.info("do-not-disturb ended: its time came")
            }
        }
        applySnoozes(wallNow: wallNow)
        let status = quiet.status(at: wallNow, zone: zone)
        board.setQuiet(status.gate, now: now)
        stage.hidesContent = status.gate.hidesContent(board.config.quiet)
        let next = [quiet.nextDeadline(after: wallNow, zone: zone), snoozes.nextEnd].compactMap { $0 }.min()
        quietDeadline = next.map { ($0, now + max(0, $0 - wallNow)) }
        if status.inhibited != inhibited {
            inhibited = status.inhibited
            onInhibitedChanged?(inhibited)
        }
        if status.level != pauseLevel {
            pauseLevel = status.level
            onPauseLevelChanged?(pauseLevel)
        }
    }
}

extension ToastService {
    /// What the centre's switch shows, as of the last look at the clock.
    func centerQuietView() -> CenterPanel.QuietView {
        CenterPanel.QuietView(user: quiet.user != nil, lines: quietStatus(wallNow: quietWallNow).lines(zone: zone),
                              choices: QuietChoice.offered(atMinute: zone.civil(quietWallNow).minuteOfDay))
    }
}
