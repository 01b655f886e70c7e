import DaemonLog
import Operations
import ToastCore

/// Do-not-disturb with an end, its levels, the schedules and the applications' inhibitions:
/// `Quiet` keeps and decides, the board holds what its gate keeps back, and the loop's timer
/// list gets one deadline, the next moment quiet changes by itself. Every deadline is a
/// wall-clock time, compared with the wall clock at each timer fire and each wake
/// (`checkQuiet`), so a suspend or a clock set forward ends a pause at the first look after.
/// Each change goes through `changeQuiet`, which decides quiet again (`followQuiet`).
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
        let end = until.map { " until \(QuietStatus.clock($0, zone: zone))" } ?? " until resumed"
        logRoom.info(\.requests, "do-not-disturb\(level == QuietState.fullLevel ? "" : " at level \(level)")\(end)", now: now)
        changeQuiet(now: now, wallNow: wallNow) { $0.pause(level: level, until: until, wallNow: wallNow) }
    }

    /// `xtoast resume`, the centre's switch turned off: the user's pause ends (applications
    /// and schedules still hold what they ask for).
    func resumeQuiet(now: Double, wallNow: Double) {
        if changeQuiet(now: now, wallNow: wallNow, { $0.resume() }) { logRoom.info(\.requests, "do-not-disturb off", now: now) }
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
        let wall = wallClock(now)
        if let pause = changeQuiet(now: now, wallNow: wall, { $0.keep(in: store, wallNow: wall) }) {
            Log.info("do-not-disturb kept from before the restart"
                     + (pause.until.map { ", until \(QuietStatus.clock($0, zone: zone))" } ?? ", until resumed"))
        }
    }

    // MARK: Applications

    /// `Inhibit` from the bus name `caller`.
    func inhibit(desktopEntry: String, reason: String, caller: String, timeout: Double?, now: Double) -> Result<UInt32, QuietProblem> {
        defer { settle(now) }
        let wall = wallClock(now)
        let result = changeQuiet(now: now, wallNow: wall) {
            $0.inhibit(desktopEntry: desktopEntry, reason: reason, caller: caller, timeout: timeout, wallNow: wall)
        }
        if case let .success(cookie) = result {
            logRoom.info(\.inhibitions, "\(Log.quoted(desktopEntry)) asks for quiet (inhibition \(cookie)"
                         + (reason.isEmpty ? "" : ": \(Log.quoted(reason))") + (timeout.map { ", for \(Int($0.rounded())) s" } ?? "") + ")",
                         now: now)
        }
        return result
    }

    /// `UnInhibit`; false when `caller` holds no such cookie.
    func uninhibit(_ cookie: UInt32, caller: String, now: Double) -> Bool {
        defer { settle(now) }
        guard changeQuiet(now: now, { $0.uninhibit(cookie, caller: caller) }) else { return false }
        logRoom.info(\.inhibitions, "inhibition \(cookie) released", now: now)
        return true
    }

    /// A bus name left: its inhibitions end with it.
    func inhibitorLeft(_ name: String, now: Double) {
        defer { settle(now) }
        guard changeQuiet(now: now, { $0.callerLeft(name) }) else { return }
        logRoom.info(\.inhibitions, "\(Log.quoted(name)) left the bus: its inhibitions end", now: now)
    }

    // MARK: Time

    /// Who holds quiet now.
    func quietStatus(wallNow: Double) -> QuietStatus { quiet.status(wallNow: wallNow) }

    /// What the centre's switch shows, as of the last look at the clock.
    func centerQuietView() -> CenterPanel.QuietView {
        CenterPanel.QuietView(user: quiet.user != nil, lines: quietStatus(wallNow: quiet.wallNow).lines(zone: zone),
                              choices: QuietChoice.offered(atMinute: zone.civil(quiet.wallNow).minuteOfDay))
    }
}
