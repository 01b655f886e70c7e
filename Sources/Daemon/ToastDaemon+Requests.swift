#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import X11

/// What each protocol request does.
extension ToastDaemon {
    func handle(_ request: Request, from connection: Connection, now: Double) -> Reply {
        switch request {
        case .ping:
            return .ok(id: nil)
        case let .show(show):
            return self.show(show, owner: connection, now: now)
        case let .update(update):
            return self.update(update, now: now)
        case let .dismiss(id):
            guard let position = position(of: id) else { return .error("no toast with id \"\(id)\"") }
            apply(withStack(position) { $0.remove(id, reason: .api, now: now) }, at: position, now: now)
            return .ok(id: id)
        case .dismissAll:
            for position in Array(stacks.keys) {
                apply(withStack(position) { $0.removeAll(reason: .api) }, at: position, now: now)
            }
            return .ok(id: nil)
        case .list:
            return .ok(id: nil, extra: [("paused", .bool(doNotDisturb)), ("toasts", .array(listing(now)))])
        case .pause, .resume:
            doNotDisturb = request == .pause
            for position in Position.allCases where stacks[position] != nil {
                apply(withStack(position) { $0.setHoldsNew(doNotDisturb, now: now) }, at: position, now: now)
            }
            return .ok(id: nil)
        case let .history(limit):
            return .ok(id: nil, extra: [("history", .array(Array(history.suffix(limit ?? history.count))))])
        case .subscribe:
            subscribers.insert(connection.fd)
            return .ok(id: nil)
        case .reload:
            let diagnostics = reload(now)
            return .ok(id: nil, extra: diagnostics.isEmpty ? [] : [("warning", .string(diagnostics.joined(separator: "; ")))])
        }
    }

    func position(of id: String) -> Position? {
        stacks.first(where: { $0.value.contains(id) })?.key
    }

    func show(_ show: ShowRequest, owner: Connection, now: Double) -> Reply {
        let id = show.id ?? nextGeneratedID()
        let kind = show.kind ?? .info
        let urgency = show.urgency ?? .normal
        // Critical toasts wait for the user unless told otherwise.
        let timeout = show.timeout ?? (urgency == .critical ? 0 : config.timeout(for: kind))
        let toast = Toast(id: id, title: show.title ?? "", message: show.message, kind: kind, timeout: timeout,
                          position: show.position ?? config.position, style: show.style, markup: show.markup,
                          icon: show.icon, actions: show.actions, defaultAction: show.defaultAction,
                          progress: show.progress, urgency: urgency)
        if let old = position(of: id), old != toast.position {
            // Same id at another position: the old one ends there, the new one enters at its own.
            apply(withStack(old) { $0.remove(id, reason: .replaced, now: now) }, at: old, now: now)
        } else if position(of: id) != nil {
            emit(.dismissed(id: id, reason: .replaced))
        }
        owners[id] = owner.fd
        toasts[id] = toast
        let warning = resolveIcon(for: toast)
        apply(withStack(toast.position) { $0.add(toast, now: now) }, at: toast.position, now: now)
        return .ok(id: id, extra: warning.map { [("warning", .string($0))] } ?? [])
    }

    func nextGeneratedID() -> String {
        while true {
            let id = String(nextID)
            nextID += 1
            if toasts[id] == nil { return id }
        }
    }

    /// Changes a toast in place. A kind or timeout change restarts its timer; text and
    /// progress alone do not.
    func update(_ u: UpdateRequest, now: Double) -> Reply {
        guard var toast = toasts[u.id], let position = position(of: u.id) else { return .error("no toast with id \"\(u.id)\"") }
        let kindChanged = u.kind.map { $0 != toast.kind } ?? false
        if let v = u.message { toast.message = v }
        if let v = u.title { toast.title = v }
        if let v = u.kind { toast.kind = v }
        if let v = u.progress { toast.progress = v }
        if let v = u.icon { toast.icon = v }
        if let v = u.timeout { toast.timeout = v } else if kindChanged { toast.timeout = config.timeout(for: toast.kind) }
        let warning = u.icon != nil ? resolveIcon(for: toast) : nil
        toasts[u.id] = toast
        _ = withStack(position) { $0.update(toast, restartTimer: kindChanged || u.timeout != nil, now: now) }
        if let card = cards[u.id] {
            let oldProgress = card.toast.progress
            card.toast = toast
            refresh(card, now: now, progressFrom: oldProgress)
            relayout(position, now: now)
        }
        emit(.updated(id: u.id))
        return .ok(id: u.id, extra: warning.map { [("warning", .string($0))] } ?? [])
    }

    /// The `list` reply: visible toasts first (newest last), then waiting ones in order.
    func listing(_ now: Double) -> [JSON] {
        var items: [JSON] = []
        for position in Position.allCases {
            guard let stack = stacks[position] else { continue }
            for (entry, state) in stack.visible.map({ ($0, "visible") }) + stack.waiting.map({ ($0, "queued") }) {
                let t = entry.toast
                var m: [(String, JSON)] = [("id", .string(t.id))]
                if !t.title.isEmpty { m.append(("title", .string(t.title))) }
                m += [("message", .string(t.message)), ("kind", .string(t.kind.rawValue)),
                      ("position", .string(t.position.rawValue)), ("state", .string(state)),
                      ("urgency", .string(t.urgency.rawValue))]
                if let p = t.progress { m.append(("progress", .number(p))) }
                if let deadline = entry.deadline {
                    m.append(("remaining", .number((max(0, deadline - now) * 10).rounded() / 10)))
                } else if let r = entry.remaining {
                    m.append(("remaining", .number((r * 10).rounded() / 10)))
                }
                items.append(.object(m))
            }
        }
        return items
    }

    /// Chooses an action: the owner hears `action`, then the toast ends with reason `action`.
    func choose(_ action: String, on id: String, now: Double) {
        guard let position = position(of: id) else { return }
        emit(.action(id: id, action: action))
        apply(withStack(position) { $0.remove(id, reason: .action, now: now) }, at: position, now: now)
    }

    func dismiss(_ id: String, reason: DismissReason, now: Double) {
        guard let position = position(of: id) else { return }
        apply(withStack(position) { $0.remove(id, reason: reason, now: now) }, at: position, now: now)
    }

    /// Reads the config again; what is wrong keeps its old value. Cards on screen restyle.
    func reload(_ now: Double) -> [String] {
        let old = config
        let (config, diagnostics) = ConfigFile.load(configPath, base: old)
        self.config = config
        Log.info("config reloaded\(diagnostics.isEmpty ? "" : " with \(diagnostics.count) problem(s)")")
        applyConfig(now: now)
        return diagnostics
    }

    func applyConfig(now: Double) {
        let scale = Scale.resolve(configured: config.scale, resourceManager: display.resourceManager)
        composer = CardComposer(config: config, scale: scale)
        let pixelSize = config.fontSize * 96 / 72 * scale
        if config.font != fonts.family || pixelSize != fonts.pixelSize,
           let newFonts = FontLibrary(display: display, family: config.font, pixelSize: pixelSize) {
            fonts = newFonts
            painter = Painter(display: display, visual: visual, fonts: newFonts)
        }
        for card in cards.values { refresh(card, now: now, animate: false) }
        for position in Array(stacks.keys) {
            apply(withStack(position) { $0.setMaxVisible(config.maxVisible, now: now) }, at: position, now: now)
        }
    }
}
