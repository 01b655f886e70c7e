import ConfigParsing
import DaemonLog
import JSONCodec
import Operations
import ToastCore

/// Snoozed applications (`xtoast snooze`, the menus' "Mute APP for 1 hour"): kept on the wall
/// clock beside the pause, the board told which are snoozed now (`Board.snoozedApps`), and
/// the next end among the quiet deadlines (`followQuiet`), so a snooze ends by itself. Each
/// change goes through `changeSnoozes`, which decides them again.
extension ToastService {
    func snoozeRequest(_ request: SnoozeRequest, now: Double, wallNow: Double) -> Reply {
        switch request {
        case .list:
            let list = snoozing.snoozes.all.filter { $0.until > wallNow }.map { snooze -> JSON in
                .object([("app", .string(snooze.app)), ("until", .number(snooze.until.rounded())), ("since", .number(snooze.since.rounded()))])
            }
            return .ok(id: nil, extra: [("snoozes", .array(list))])
        case let .clear(app):
            guard changeSnoozes(now: now, wallNow: wallNow, { $0.clear(app) }) else { return .error("\(app) is not snoozed (xtoast snooze --list)") }
            logRoom.info(\.requests, "snooze of \(Log.quoted(app)) cleared", now: now)
            return .ok(id: nil)
        case let .mute(app, end?):
            let until: Double
            do throws(QuietProblem) { until = try end.resolve(now: wallNow, zone: zone) } catch { return .error(error.message) }
            return snooze(app, until: until, now: now, wallNow: wallNow)
        case let .mute(app, nil):
            return snoozeAlways(app, now: now, wallNow: wallNow)
        }
    }

    func snooze(_ app: String, until: Double, now: Double, wallNow: Double) -> Reply {
        switch changeSnoozes(now: now, wallNow: wallNow, { $0.snooze(app, until: until, wallNow: wallNow) }) {
        case let .failure(problem): return .error(problem.message)
        case .success:
            logRoom.info(\.requests, "\(Log.quoted(app)) snoozed until \(QuietStatus.clock(until, zone: zone))", now: now)
            return .ok(id: nil, extra: [("until", .number(until.rounded()))])
        }
    }

    /// "Always": a rule in the config file, then a reload; a snooze of the app ends.
    /// The file is read first: the rule's number is one past the file's, and a rule already
    /// muting the app (of either form) is not written again.
    func snoozeAlways(_ app: String, now: Double, wallNow: Double) -> Reply {
        guard let configPath else { return .error("no config file to add the rule to (no HOME or XDG_CONFIG_HOME)") }
        let text: String
        switch ConfigFile.read(configPath) {
        case let .success(read): text = read ?? ""
        case let .failure(problem): return .error("\(problem)")
        }
        let section: String
        do throws(QuietProblem) {
            guard let written = try SnoozeRule.section(app: app, date: SnoozeRule.date(zone.civil(wallNow)), config: text) else {
                return .ok(id: nil, extra: [("warning", .string("the config already has a rule muting \(app)"))])
            }
            section = written
        } catch {
            return .error(error.message)
        }
        if let problem = ConfigAppend.append(section, to: configPath) { return .error(problem) }
        changeSnoozes(now: now, wallNow: wallNow) { $0.clear(app) }
        let diagnostics = reload(now: now)
        return .ok(id: nil, extra: diagnostics.isEmpty ? [] : [("warning", .string(diagnostics.joined(separator: "; ")))])
    }

    /// Focus mode's M on a card: its application (name, else desktop entry) is snoozed and
    /// the card closes.
    func snoozeFromCard(_ id: String, choice: SnoozeChoice, now: Double) {
        guard let toast = board.toast(id) else { return }
        let app = SnoozeMenu.app(of: toast)
        guard Snoozes.problem(app) == nil else { return Log.info("snooze: the card names no application") }
        snoozeCard(id, app: app, choice: choice, now: now)
    }

    /// The one place a card's snooze is carried out (focus mode's M, the card's menu): its
    /// application is snoozed, and the card closes when that worked.
    func snoozeCard(_ id: String, app: String, choice: SnoozeChoice, now: Double) {
        guard snoozeApp(app, choice: choice, now: now) else { return }
        board.dismiss(id, reason: .close, now: now)
    }

    /// The centre's Shift+M, or its snooze menu, on an entry or a group.
    func snoozeFromCenter(_ app: String, choice: SnoozeChoice, now: Double) {
        snoozeApp(app, choice: choice, now: now)
    }

    /// A choice from a card, a menu or a key: what `xtoast snooze APP 1h|tomorrow|always`
    /// does, a failure logged (no one to answer). False when it failed.
    @discardableResult
    func snoozeApp(_ app: String, choice: SnoozeChoice, now: Double) -> Bool {
        let wall = wallClock(now)
        let reply: Reply
        if let end = choice.end {
            do throws(QuietProblem) {
                reply = snooze(app, until: try end.resolve(now: wall, zone: zone), now: now, wallNow: wall)
            } catch {
                logRoom.info(\.requests, "snooze \(Log.quoted(app)): \(error.message)", now: now)
                return false
            }
        } else {
            reply = snoozeAlways(app, now: now, wallNow: wall)
        }
        if case let .error(message) = reply {
            logRoom.info(\.requests, "snooze \(Log.quoted(app)): \(message)", now: now)
            return false
        }
        return true
    }

    /// Takes the snoozes kept across a restart.
    func keepSnoozes(in store: SnoozeStore, now: Double) {
        let wall = wallClock(now)
        changeSnoozes(now: now, wallNow: wall) { $0.keep(in: store, wallNow: wall) }
        if !snoozes.all.isEmpty { Log.info("\(snoozes.all.count) snoozed application(s) kept from before the restart") }
    }
}
