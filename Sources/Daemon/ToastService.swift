import ToastCore

/// What the daemon does, without the loop: requests and pointer input go in with the time,
/// board changes come out as screen calls (through the stage) and events (to the sink).
/// Everything here runs in tests with a fake output and no X server.
final class ToastService {
    private(set) var board: Board
    let stage: Stage
    private let sink: any EventSink
    /// Reads the config file again over the defaults, keeping the given config's values where
    /// the file cannot be used: what it holds, and its problems.
    private let loadConfig: (Config) -> (config: Config, diagnostics: [String])
    /// The desktop's scale when the config sets none (from `Xft.dpi`).
    private let desktopScale: (Config) -> Double

    init(config: Config, output: any Output, sink: any EventSink,
         loadConfig: @escaping (Config) -> (config: Config, diagnostics: [String]) = { ($0, []) },
         desktopScale: @escaping (Config) -> Double = { $0.scale ?? 1 }) {
        board = Board(config: config)
        stage = Stage(output: output, config: config, scale: desktopScale(config))
        self.sink = sink
        self.loadConfig = loadConfig
        self.desktopScale = desktopScale
    }

    /// When something next needs doing: a toast's timeout or the next frame; nil: nothing.
    var nextDeadline: Double? { [board.nextDeadline, stage.nextFrame].compactMap { $0 }.min() }
    /// The next toast timeout alone: the loop waits for frames on a timer of their own.
    var nextTimeout: Double? { board.nextDeadline }

    /// Work that is due: toasts whose time is up end, and a due frame is drawn. A frame
    /// within a millisecond counts as due, so the loop never sleeps for less.
    func advance(now: Double) {
        board.expire(now: now)
        settle(now)
        if let due = stage.nextFrame, due <= now + 0.001 { stage.stepFrame(board: board, now: now) }
    }

    // MARK: Requests

    func handle(_ request: Request, from owner: Owner, now: Double, wallNow: Double) -> Reply {
        defer { settle(now) }
        switch request {
        case .ping:
            return .ok(id: nil)
        case let .show(show):
            let icon = loadIcon(show.icon)
            let monitor = chooseMonitor(show.monitor)
            let id = board.show(show, owner: owner, monitor: monitor.name, iconFile: icon.file, now: now)
            let warnings = [icon.warning, monitor.warning].compactMap { $0 }
            return .ok(id: id, extra: warnings.isEmpty ? [] : [("warning", .string(warnings.joined(separator: "; ")))])
        case let .update(update):
            let icon = loadIcon(update.icon)
            switch board.update(update, iconFile: icon.file, now: now) {
            case .success: return .ok(id: update.id, extra: icon.warning.map { [("warning", .string($0))] } ?? [])
            case let .failure(error): return .error(error.message)
            }
        case let .dismiss(id):
            return board.dismiss(id, reason: .api, now: now) ? .ok(id: id) : .error("no toast with id \"\(id)\"")
        case .dismissAll:
            board.dismissAll(reason: .api, now: now)
            return .ok(id: nil)
        case let .list(limit):
            guard case let .object(members) = board.listing(limit: limit, now: now) else { return .ok(id: nil) }
            return .ok(id: nil, extra: members)
        case .pause, .resume:
            board.setDoNotDisturb(request == .pause, now: now)
            return .ok(id: nil)
        case let .history(limit):
            return .ok(id: nil, extra: [("history", board.historyAnswer(limit: limit, now: now, wallNow: wallNow))])
        case .subscribe:
            board.subscribe(owner)
            return .ok(id: nil)
        case .reload:
            let diagnostics = reload(now: now)
            return .ok(id: nil, extra: diagnostics.isEmpty ? [] : [("warning", .string(diagnostics.joined(separator: "; ")))])
        }
    }

    /// Replaces a live toast's content silently, keeping its id, slot and owner (the D-Bus
    /// `replaces_id`). `iconFile` is an image already stored (raw pixels); without one the
    /// request's icon is looked up. False when no toast has that id.
    func replace(_ id: String, with request: ShowRequest, iconFile: String? = nil, now: Double) -> Bool {
        defer { settle(now) }
        return board.replace(id, with: request, iconFile: iconFile ?? loadIcon(request.icon).file, now: now)
    }

    /// Shows a toast decoded elsewhere (a D-Bus `Notify`), on the monitor the config's follow
    /// rule picks. `iconFile` is an image already stored; without one the request's icon is
    /// looked up. Returns the id and why an icon could not be used.
    func show(_ request: ShowRequest, from owner: Owner, iconFile: String?, now: Double) -> (id: String, warning: String?) {
        defer { settle(now) }
        let icon = iconFile.map { (file: Optional($0), warning: String?.none) } ?? loadIcon(request.icon)
        let monitor = chooseMonitor(request.monitor)
        let id = board.show(request, owner: owner, monitor: monitor.name, iconFile: icon.file, now: now)
        return (id, icon.warning)
    }

    /// Shows a toast in the place of a live one under a new id (the D-Bus stack tag); nil
    /// when `oldID` is not live. `iconFile` as for `show`.
    func takeOver(_ oldID: String, with request: ShowRequest, from owner: Owner, iconFile: String?, now: Double) -> String? {
        defer { settle(now) }
        let file = iconFile ?? loadIcon(request.icon).file
        return board.takeOver(oldID, with: request, owner: owner, iconFile: file, now: now)
    }

    /// Ends a toast; false when none has that id.
    func dismiss(_ id: String, reason: DismissReason, now: Double) -> Bool {
        defer { settle(now) }
        return board.dismiss(id, reason: reason, now: now)
    }

    /// Keeps raw pixels on the screen side at the size cards draw icons, under `name`.
    func storeImage(_ name: String, _ image: RawImage) -> Result<String, IconLoadError> {
        stage.output.storeImage(name, image, pixelSize: stage.imagePixelSize)
    }

    /// The monitor a new toast goes to: the one it asks for, else the config's follow rule.
    /// The pointer and focus are asked for only when the rule needs them.
    private func chooseMonitor(_ choice: MonitorChoice?) -> (name: String, warning: String?) {
        let output = stage.output
        let monitors = output.monitors
        let follow = board.config.follow
        let pointer = follow == .none ? nil : output.pointerPosition()
        let focus = follow == .keyboard ? output.focusedWindowCenter() : nil
        let (index, warning) = MonitorSelection.choose(choice, in: monitors, follow: follow, pointer: pointer, focus: focus)
        return (monitors.indices.contains(index) ? monitors[index].name : "", warning)
    }

    /// Finds and loads an icon once, at show or update. On failure the card shows its kind's
    /// icon and the client gets a warning.
    private func loadIcon(_ spec: String?) -> (file: String?, warning: String?) {
        guard let spec else { return (nil, nil) }
        // A file named by path is a picture, decoded for its larger slot; a name is a theme icon.
        let size = CardComposer.namesFile(spec) ? stage.imagePixelSize : stage.iconPixelSize
        switch stage.output.loadIcon(spec, pixelSize: size) {
        case let .success(file): return (file, nil)
        case let .failure(error): return (nil, error.message)
        }
    }

    /// Reads the config again over the defaults (a removed key goes back to its default; the
    /// desktop's scale still applies where none is set); what is wrong keeps its old value.
    /// Cards on screen restyle.
    func reload(now: Double) -> [String] {
        let (config, diagnostics) = loadConfig(board.config)
        let scale = desktopScale(config)
        let pixelSize = config.fontSize * 96 / 72 * scale
        if !stage.output.setFont(family: config.font, pixelSize: pixelSize) {
            Log.info("no usable font for \"\(config.font)\"; keeping the old one")
        }
        board.reconfigure(config, now: now)
        stage.reconfigure(config, scale: scale, board: board, now: now)
        settle(now)
        Log.info("config reloaded\(diagnostics.isEmpty ? "" : " with \(diagnostics.count) problem(s)")")
        return diagnostics
    }

    // MARK: Pointer and owners

    func handle(_ input: InputEvent, now: Double) {
        switch input {
        case .compositorChanged:
            Log.info(stage.output.hasAlpha ? "compositor started: cards are ARGB now" : "compositor stopped: cards use XShape now")
        case .screenChanged:
            Log.info("the screen changed: \(stage.output.screenDescription)")
            // Stacks of monitors that went away join the same positions on the primary one.
            let monitors = stage.output.monitors
            let primary = monitors.first(where: \.isPrimary) ?? monitors.first
            board.gather(keeping: Set(monitors.map(\.name)), onto: primary?.name ?? "", now: now)
        default: break
        }
        for intent in stage.handle(input, board: board, now: now) {
            switch intent {
            case let .dismiss(id, reason): board.dismiss(id, reason: reason, now: now)
            case let .choose(id, action): board.choose(action, on: id, now: now)
            }
        }
        settle(now)
    }

    /// An owner went away: its toasts stay; it hears nothing more.
    func forget(_ owner: Owner) { board.forget(owner) }

    /// Every toast ends with reason `shutdown` and its owner hears it; every card goes.
    func shutdown(now: Double) {
        board.dismissAll(reason: .shutdown, now: now)
        let changes = board.takeChanges()
        stage.removeAll()
        for d in changes.deliveries { sink.deliver(d) }
    }

    /// The screen is gone: every toast ends with reason `shutdown` and its owner hears it,
    /// without a single call to the screen.
    func abandonScreen(now: Double) {
        board.dismissAll(reason: .shutdown, now: now)
        for d in board.takeChanges().deliveries { sink.deliver(d) }
    }

    /// Makes the screen and the owners follow what the board changed, and holds the timers
    /// of stacks the pointer is on. Repeats while following the screen changes the board.
    private func settle(_ now: Double) {
        while true {
            let changes = board.takeChanges()
            if !changes.isEmpty { stage.apply(changes, board: board, now: now) }
            let held = stage.heldKeys
            for key in board.keys { board.setHeld(key, held.contains(key), now: now) }
            for d in changes.deliveries { sink.deliver(d) }
            if changes.isEmpty { return }
        }
    }
}
