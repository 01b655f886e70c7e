#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import Operations
import ToastCore
import DaemonLog

/// The keyboard commands (`dismiss` without an id, `invoke`, `restore`, `menu`, `count`) and
/// links: what the board chooses (`Board+Commands`), carried out as the user's own input.
extension ToastService {
    func handleCommand(_ request: Request, from owner: Owner, now: Double) -> Reply {
        switch request {
        case .dismissNewest:
            guard let id = board.dismissNewest(now: now) else { return .error("no toast is on screen") }
            return .ok(id: id)
        case let .invoke(invoke):
            if let link = invoke.link { return open(link, of: invoke.id, now: now) }
            switch board.invocation(action: invoke.action, id: invoke.id) {
            case let .success((id, action)):
                board.choose(action, on: id, now: now)
                return .ok(id: id, extra: [("action", .string(action))])
            case let .failure(error): return .error(error.message)
            }
        case let .restore(id):
            let monitor = chooseMonitor(nil)
            switch board.restore(id: id, owner: owner, monitor: monitor.name, now: now) {
            case let .success(newID): return .ok(id: newID)
            case let .failure(error): return .error(error.message)
            }
        case let .menu(all):
            let items = board.menuItems(all: all)
            guard !items.isEmpty else { return .error("no toast on screen has an action or a link") }
            return .ok(id: nil, extra: [("items", .array(items.map(\.json))), ("program", .array(board.config.menu.map { .string($0) }))])
        case let .count(follow):
            if follow { board.followCounts(owner) }
            guard case let .object(members) = board.counts.json else { return .ok(id: nil) }
            return .ok(id: nil, extra: members)
        default:
            return .error("not a command")
        }
    }

    /// `{"event":"count","visible":…}`: what a `count --follow` connection hears on each change.
    static func countEvent(_ counts: Counts) -> JSON {
        guard case let .object(members) = counts.json else { return counts.json }
        return .object([("event", .string("count"))] + members)
    }

    /// Opens one of a toast's links (the toast `id`, or the newest visible one that has it)
    /// with the configured opener, as a click on it would (`openLink`).
    private func open(_ link: String, of id: String?, now: Double) -> Reply {
        let toast = id.flatMap { board.toast($0) } ?? (id == nil ? board.newest(for: .link(link)) : nil)
        guard let toast else { return .error(id.map { "no toast with id \"\($0)\"" } ?? "no toast on screen has the link \"\(link)\"") }
        guard Links.targets(of: toast).contains(link) else { return .error("toast \"\(toast.id)\" has no link \"\(link)\"") }
        guard openLink(link, of: toast.id, now: now) else { return .error("links with that scheme are not opened (only \(Links.openableSchemes.joined(separator: ", ")))") }
        return .ok(id: toast.id)
    }

    /// A link of a toast was chosen (clicked, or from the menu): an openable one starts the
    /// opener (`[general] opener`) with it as its last argument, off the loop and beside the
    /// rule scripts (`runForUser`: however many scripts wait, it starts now, or is refused
    /// with a log line when `ScriptRunner.maxUserActions` run), and the toast ends as the
    /// user's click (`click`; a resident toast stays) either way. Any other is one log line
    /// and changes nothing. False when it was not opened. (Its callers settle: input, a
    /// request, a screen reader's press.)
    @discardableResult
    func openLink(_ link: String, of id: String, now: Double) -> Bool {
        guard Links.isOpenable(link) else {
            logRoom.info(\.requests, "not opening a link of toast \(Log.quoted(id)): only \(Links.openableSchemes.joined(separator: ", ")) links open, "
                         + "not \(Log.quoted(link))", now: now)
            return false
        }
        runForUser(RuleScript(rule: "opener", command: board.config.opener + [link]), [("XTOAST_ID", id)])
        board.linkOpened(on: id, now: now)
        return true
    }

    // MARK: From keys

    /// Who a restore from a key (not a socket client) belongs to: socket numbers start at 1,
    /// so nobody hears this owner's events but subscribers.
    static let keyOwner = Owner(.socket, 0)

    /// What the `[keys] restore` key does (input: the caller settles): `xtoast restore`, or a log line when history is empty.
    func restoreLast(now: Double) {
        if case let .failure(error) = board.restore(id: nil, owner: Self.keyOwner, monitor: chooseMonitor(nil).name, now: now) {
            logRoom.info(\.requests, "restore: \(error.message)", now: now)
        }
    }

    /// What the `[keys] menu` key does: runs `xtoast menu` (the client beside this daemon's
    /// executable) off the loop, as the opener runs (`runForUser`, logged as `menu:`); it asks
    /// this daemon over its socket, which the daemon's environment names, and its menu program
    /// opens on the display.
    func runMenuClient() {
        runForUser(RuleScript(rule: "menu", command: [Self.clientPath, "menu"]), [])
    }

    /// `xtoast` in the directory of the running executable.
    static var clientPath: String {
        var path = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &path, path.count - 1)
        guard n > 0 else { return "xtoast" }
        let exe = String(decoding: path[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = exe.lastIndex(of: "/") else { return "xtoast" }
        return String(exe[..<slash]) + "/xtoast"
    }

    /// A bus application's unique name left the bus (nil: every bus listener, when another
    /// server took the name).
    func busNameLeft(_ name: String?, now: Double) {
        if let name { board.busNameLeft(name) } else { board.dropListeners { $0.owner.source == .bus } }
        settle(now)
    }
}
