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
    /// Connections that asked for every event (`subscribe`).
    var subscribers: Set<Int32> = []
    var stacks: [Position: ToastStack] = [:]
    /// Every live toast (visible or waiting), by id.
    var toasts: [String: Toast] = [:]
    /// Cards of visible toasts, by toast id.
    var cards: [String: Card] = [:]
    /// "+N more" cards, one per position while toasts wait there.
    var moreCards: [Position: Card] = [:]
    /// Cards sliding off screen after their toast ended.
    var leaving: [Card] = []
    /// Which connection showed each toast: it is told what happens to it.
    var owners: [String: Int32] = [:]
    /// Loaded `--icon` files, by toast id (resolved once, at show or update).
    var iconPaths: [String: String] = [:]
    /// The last ended toasts, oldest first.
    var history: [JSON] = []
    var doNotDisturb = false
    var nextID = 1
    var hoveredCard: String?
    var draggedCard: String?
    let frameInterval: Double
    /// When the next animation frame is due; nil while nothing moves (the frame timer is disarmed).
    var nextFrame: Double?
    var running = true
    /// While a request is handled, its events wait here so the reply goes out first.
    var deferredEvents: [(fds: [Int32], line: JSON)]?

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
        config = ConfigFile.load(configPath, base: .default).config
        let scale = Scale.resolve(configured: config.scale, resourceManager: display.resourceManager)
        composer = CardComposer(config: config, scale: scale)
        visual = CardVisual(display: display, argb: display.hasCompositor)
        guard let fonts = FontLibrary(display: display, family: config.font, pixelSize: config.fontSize * 96 / 72 * scale) else {
            throw StartError(message: "no usable font for \"\(config.font)\"; install fonts-dejavu-core")
        }
        self.fonts = fonts
        painter = Painter(display: display, visual: visual, fonts: fonts)
        frameInterval = 1 / (display.refreshRate ?? 60)
        do { signals = try SignalFD.open() } catch { throw StartError(message: error.message) }
        display.watchCompositor()
        Log.info("listening at \(socketPath) on display \(display.name) (\(visual.hasAlpha ? "compositor: ARGB" : "no compositor: XShape"), scale \(scale), \(Int((1 / frameInterval).rounded())) Hz)")
    }

    /// The stack at `position`; a new one follows the current do-not-disturb setting
    /// (an empty stack has nothing to promote, so the time does not matter).
    func stack(_ position: Position) -> ToastStack {
        if let s = stacks[position] { return s }
        var s = ToastStack(maxVisible: config.maxVisible)
        _ = s.setHoldsNew(doNotDisturb, now: 0)
        return s
    }

    /// Applies `body` to the stack at `position`, creating it on first use.
    func withStack<R>(_ position: Position, _ body: (inout ToastStack) -> R) -> R {
        var s = stack(position)
        let r = body(&s)
        stacks[position] = s
        return r
    }

    // MARK: Events

    /// Tells the toast's owner and every subscriber. A `dismissed` event also ends the toast's
    /// bookkeeping: it is the last event a toast ever has.
    func emit(_ event: ToastEvent) {
        let line = event.json
        var fds: [Int32] = owners[event.id].map { [$0] } ?? []
        fds += subscribers.filter { !fds.contains($0) }.sorted()
        if deferredEvents != nil {
            deferredEvents?.append((fds, line))
        } else {
            for fd in fds { connections[fd]?.send(line) }
        }
        if case let .dismissed(id, reason) = event {
            owners.removeValue(forKey: id)
            iconPaths.removeValue(forKey: id)
            if let toast = toasts.removeValue(forKey: id) { remember(toast, reason: reason) }
        }
    }

    func remember(_ toast: Toast, reason: DismissReason) {
        var entry: [(String, JSON)] = [("id", .string(toast.id))]
        if !toast.title.isEmpty { entry.append(("title", .string(toast.title))) }
        entry += [("message", .string(toast.message)), ("kind", .string(toast.kind.rawValue)),
                  ("reason", .string(reason.rawValue)), ("ended", .number(Double(time(nil))))]
        history.append(.object(entry))
        if history.count > ProtocolLimits.historySize { history.removeFirst(history.count - ProtocolLimits.historySize) }
    }

    /// Makes the screen follow a change of one stack: ended toasts leave, shown ones enter,
    /// replaced ones repaint in place, and the rest glide to their new slots.
    func apply(_ change: ToastStack.Change, at position: Position, now: Double) {
        for (id, reason) in change.removed {
            if let card = cards.removeValue(forKey: id) { startExit(card, now: now, swipe: nil) }
            if hoveredCard == id { hoveredCard = nil }
            if draggedCard == id { draggedCard = nil }
            emit(.dismissed(id: id, reason: reason))
        }
        if let id = change.replaced, let card = cards[id], let entry = stack(position).entry(id) {
            card.toast = entry.toast
            card.appearance.expanded = false
            refresh(card, now: now)
        }
        updatePause(position, now: now)
        relayout(position, now: now)
        for id in change.shown { emit(.shown(id: id)) }
        if let id = change.replaced, stack(position).isVisible(id) { emit(.shown(id: id)) }
    }
}

/// Environment variables as Swift strings.
enum Environment {
    static func get(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
