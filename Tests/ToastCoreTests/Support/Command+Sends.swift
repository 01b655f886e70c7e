import Operations
import ToastCore

/// The commands that only send a request, spelled as the request (`.ping` for
/// `.send(.ping)`), so the parser's tests read as the command lines they check.
extension Command {
    static let ping = Command.send(.ping)
    static let pause = Command.send(.pause())
    static let resume = Command.send(.resume)
    static let subscribe = Command.send(.subscribe)
    static let reload = Command.send(.reload)
    static let focus = Command.send(.focus)
    static let rules = Command.send(.rules)
    static let dismissAll = Command.send(.dismissAll)
    static let dismissNewest = Command.send(.dismissNewest)
    static let clearHistory = Command.send(.clearHistory)
    static func dismiss(id: String) -> Command { .send(.dismiss(id: id)) }
    static func update(_ update: UpdateRequest) -> Command { .send(.update(update)) }
    static func invoke(_ invoke: InvokeRequest) -> Command { .send(.invoke(invoke)) }
    static func restore(id: String?) -> Command { .send(.restore(id: id)) }
    static func list(limit: Int?) -> Command { .send(.list(limit: limit)) }
    static func history(limit: Int?) -> Command { .send(.history(limit: limit)) }
    static func rule(name: String, change: RuleSwitch) -> Command { .send(.rule(name: name, change: change)) }
    static func center(_ action: CenterSwitch, monitor: MonitorChoice? = nil) -> Command { .send(.center(action, monitor: monitor)) }
}
