#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import Operations
import ToastCore
import Transport

/// `xtoast dunstctl`: each of dunstctl's commands as the xtoast requests it needs, printing
/// what dunstctl prints (`Dunstctl`). dunstctl exits 0 when dunst answered, whatever it did,
/// so a `close` with nothing on screen is not an error here either; it exits 1 with its own
/// message when dunst does not answer.
func runDunstctl(_ args: [String]) -> Never {
    let call: Dunstctl
    switch Dunstctl.parse(args) {
    case let .success(parsed): call = parsed
    case let .failure(error):
        StandardStreams.error(error.message)
        exit(.refused)
    }
    if call == .help {
        StandardStreams.output(Dunstctl.helpText)
        exit(.ok)
    }
    guard var client = try? Client.connect() else {
        StandardStreams.error(call == .debug ? "No notification manager is running." : Dunstctl.unreachable)
        exit(.refused)
    }
    /// The reply's members; nil when the daemon refused (what dunst would do nothing about).
    func ask(_ request: Request) -> [(String, JSON)]? {
        do {
            guard case let .ok(_, extra) = try client.roundTrip(request.line) else { return nil }
            return extra
        } catch {
            if error.code == .refused { return nil }
            StandardStreams.error(Dunstctl.unreachable)
            exit(.refused)
        }
    }
    /// The level in force (the user's, an application's, a schedule's: `QuietGate.pauseLevel`),
    /// as `pause --status` says it: `is-paused`, `get-pause-level` and `toggle` all read this one.
    func pauseLevel() -> Int {
        guard case let .number(level)? = ask(.pauseStatus)?.first(where: { $0.0 == "level" })?.1, level.isFinite else { return 0 }
        return Int(max(0, min(Double(QuietState.fullLevel), level)))
    }
    func paused() -> Bool { pauseLevel() > 0 }
    func counts() -> Counts { Counts(JSON.object(ask(.count(follow: false)) ?? [])) ?? Counts() }
    switch call {
    case .help: break
    case let .action(position):
        let toasts = position == 0 ? nil : ask(.list(limit: nil))?.first(where: { $0.0 == "toasts" })?.1
        if let invoke = Dunstctl.invocation(position: position, toasts: toasts) { _ = ask(.invoke(invoke)) }
    case let .close(id): _ = ask(id.map { .dismiss(id: $0) } ?? .dismissNewest)
    case .closeAll: _ = ask(.dismissAll)
    case .context:
        if let reply = ask(.menu(all: false)) { chooseFromMenu(reply, MenuCommand(), client: &client) }
    case let .count(field): StandardStreams.output(Dunstctl.countText(field, counts()))
    case .history:
        var entries: [JSON] = []
        if case let .array(list)? = ask(.history(limit: nil))?.first(where: { $0.0 == "history" })?.1 { entries = list }
        StandardStreams.output(Dunstctl.historyJSON(entries))
    case .historyClear: _ = ask(.clearHistory)
    case let .historyPop(id): _ = ask(.restore(id: id))
    case let .isPaused(exitCode):
        let on = paused()
        if exitCode { exit(on ? .ok : .refused) }
        StandardStreams.output(on ? "true" : "false")
    case let .setPaused(change):
        let on = switch change { case .on: true; case .off: false; case .toggle: !paused() }
        _ = ask(on ? .pause() : .resume)
    case .getPauseLevel: StandardStreams.output(String(pauseLevel()))
    case let .setPauseLevel(level): _ = ask(level > 0 ? .pause(PauseRequest(level: min(level, QuietState.fullLevel))) : .resume)
    case let .rule(name, change): _ = ask(.rule(name: name, change: change))
    case let .rules(json):
        var rules: [JSON] = []
        if case let .array(list)? = ask(.rules)?.first(where: { $0.0 == "rules" })?.1 { rules = list }
        let text = json ? Dunstctl.rulesJSON(rules) : Dunstctl.rulesText(rules)
        if !text.isEmpty { StandardStreams.output(text) }
    case .reload: _ = ask(.reload)
    case .debug:
        guard ask(.ping) != nil else { StandardStreams.error("No notification manager is running."); exit(.refused) }
        StandardStreams.output("xtoast \(Version.number) answers for dunst (xtoast dunstctl)")
    }
    exit(.ok)
}
