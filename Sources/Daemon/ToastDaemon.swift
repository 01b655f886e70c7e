#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport
import X11

/// The daemon: one thread, one `poll()` loop over the X connection, the socket, its clients
/// and a signalfd. It sleeps until one of them is ready or the next deadline (a toast's
/// timeout, or the next frame while something moves); with nothing to do it never wakes.
public final class ToastDaemon {
    let display: XDisplay
    var visual: CardVisual
    var fonts: FontLibrary
    var painter: Painter
    var config: Config
    var configPath: String?
    var composer: CardComposer
    let listener: UnixSocket
    let socketPath: String
    let signals: Int32

    var connections: [Int32: Connection] = [:]
    var stacks: [Position: ToastStack] = [:]
    /// Cards of visible toasts, by toast id.
    var cards: [String: Card] = [:]
    /// "+N more" cards, one per position while toasts wait there.
    var moreCards: [Position: Card] = [:]
    /// Cards sliding off screen after their toast ended.
    var leaving: [Card] = []
    /// Which connection showed each toast: it is told how the toast ends.
    var owners: [String: Int32] = [:]
    var nextID = 1
    var hoveredCard: String?
    var draggedCard: String?
    let frameInterval: Double
    /// When the next animation frame is due; nil while nothing moves (the frame timer is disarmed).
    var nextFrame: Double?
    var running = true
    /// Counts loop wakeups, for the idle test and `scripts/bench`.
    var wakeups = 0

    public struct StartError: Error { public let message: String }

    public init(configPath: String?) throws(StartError) {
        guard let display = XDisplay() else {
            throw StartError(message: "cannot open display \"\(Environment.get("DISPLAY") ?? "")\": is an X server running and DISPLAY set?")
        }
        self.display = display
        let resolved = SocketPath.resolve(override: Environment.get("XTOAST_SOCKET"), runtimeDir: Environment.get("XDG_RUNTIME_DIR"),
                                          display: display.name, uid: getuid())
        do {
            listener = try Listener.open(resolved)
        } catch {
            throw StartError(message: error.message)
        }
        socketPath = resolved.path
        self.configPath = configPath
        config = ConfigFile.load(configPath, base: .default)
        let scale = Scale.resolve(configured: config.scale, resourceManager: display.resourceManager)
        composer = CardComposer(config: config, scale: scale)
        visual = CardVisual(display: display, argb: display.hasCompositor)
        guard let fonts = FontLibrary(display: display, family: config.font, pixelSize: config.fontSize * 96 / 72 * scale) else {
            throw StartError(message: "no usable font for \"\(config.font)\"; install fonts-dejavu-core")
        }
        self.fonts = fonts
        painter = Painter(display: display, visual: visual, fonts: fonts)
        frameInterval = 1 / (display.refreshRate ?? 60)
        signals = SignalFD.open()
        Log.info("listening at \(socketPath) on display \(display.name) (\(visual.hasAlpha ? "compositor: ARGB" : "no compositor: XShape"), scale \(scale), \(Int((1 / frameInterval).rounded())) Hz)")
    }

    func stack(_ position: Position) -> ToastStack { stacks[position] ?? ToastStack(maxVisible: config.maxVisible) }

    /// Applies `body` to the stack at `position`, creating it on first use.
    func withStack<R>(_ position: Position, _ body: (inout ToastStack) -> R) -> R {
        var s = stack(position)
        let r = body(&s)
        stacks[position] = s
        return r
    }

    func position(of id: String) -> Position? {
        stacks.first(where: { $0.value.contains(id) })?.key
    }

    // MARK: Requests

    func handle(_ request: Request, from connection: Connection, now: Double) -> Reply {
        switch request {
        case .ping:
            return .ok(id: nil)
        case let .show(show):
            return .ok(id: self.show(show, owner: connection, now: now))
        case let .dismiss(id):
            guard let position = position(of: id) else { return .error("no toast with id \"\(id)\"") }
            apply(withStack(position) { $0.remove(id, reason: .api, now: now) }, at: position, now: now)
            return .ok(id: id)
        case .dismissAll:
            for position in Array(stacks.keys) {
                apply(withStack(position) { $0.removeAll(reason: .api) }, at: position, now: now)
            }
            return .ok(id: nil)
        }
    }

    func show(_ show: ShowRequest, owner: Connection, now: Double) -> String {
        let id = show.id ?? nextGeneratedID()
        let kind = show.kind ?? .info
        let toast = Toast(id: id, title: show.title ?? "", message: show.message, kind: kind,
                          timeout: show.timeout ?? config.timeout(for: kind), position: show.position ?? config.position)
        if let old = position(of: id), old != toast.position {
            // Same id at another position: the old one ends, the new one enters at its place.
            apply(withStack(old) { $0.remove(id, reason: .replaced, now: now) }, at: old, now: now)
        } else if position(of: id) != nil {
            end(id, reason: .replaced)
        }
        owners[id] = owner.fd
        let change = withStack(toast.position) { $0.add(toast, now: now) }
        apply(change, at: toast.position, now: now)
        return id
    }

    func nextGeneratedID() -> String {
        while true {
            let id = String(nextID)
            nextID += 1
            if position(of: id) == nil { return id }
        }
    }

    /// Tells the owner how its toast ended and forgets the owner.
    func end(_ id: String, reason: DismissReason) {
        if let fd = owners.removeValue(forKey: id), let connection = connections[fd] {
            connection.send(ToastEvent.dismissed(id: id, reason: reason).json)
        }
    }

    /// Makes the screen follow a change of one stack: ended toasts leave, shown ones enter,
    /// replaced ones repaint in place, and the rest glide to their new slots.
    func apply(_ change: ToastStack.Change, at position: Position, now: Double) {
        for (id, reason) in change.removed {
            end(id, reason: reason)
            if let card = cards.removeValue(forKey: id) { startExit(card, now: now, swipe: nil) }
            if hoveredCard == id { hoveredCard = nil }
            if draggedCard == id { draggedCard = nil }
        }
        if let id = change.replaced, let card = cards[id], let entry = stack(position).entry(id) {
            card.toast = entry.toast
            repaint(card)
        }
        updatePause(position, now: now)
        relayout(position, now: now)
    }
}

/// Environment variables as Swift strings.
enum Environment {
    static func get(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
