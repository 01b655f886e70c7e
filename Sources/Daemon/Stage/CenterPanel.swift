#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import DaemonLog

/// The notification centre on screen: the second kind of surface beside the cards. It slides
/// in at its monitor's edge with the card spring, holds the keyboard (and the pointer, so a
/// click outside it closes it) while open, and draws what `CenterLayout` composes from the
/// board's history. What keys and clicks mean is `CenterState`'s; this keeps the surface, its
/// motion and the measured row heights, and hands the daemon `CenterCommand`s.
final class CenterPanel {
    let output: any Surfaces & Resources
    private(set) var config: Config
    private(set) var composer: CardComposer
    /// Icons found for rows (`iconFile`), by the name the toast gave; at most `foundIconsKept`.
    private var foundIcons: [String: String] = [:]
    static let foundIconsKept = 256
    /// Monotonic time to wall time, for the entries' "14:02".
    private let wallClock: (Double) -> Double

    /// The panel's window while it shows (sliding in, open, or sliding out).
    private(set) var surface: SurfaceID?
    /// Open, or opening: false from the moment it starts to close.
    private(set) var isOpen = false
    private(set) var state = CenterState()
    private var motion = CardMotion(at: .zero, now: 0)
    /// Where it rests, and the monitor it is on.
    private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var monitorFrame = Rect(x: 0, y: 0, width: 0, height: 0)
    private(set) var rows: [CenterRow] = []
    /// The filter's search over the history, a bounded piece per paint (`CenterFilter`).
    private var filter = CenterFilter()
    private var composed: CenterLayout.Composed?
    /// Row heights measured so far, for this width and font: only rows that have shown. An
    /// entry is measured again when its buttons come or go (its sender left).
    private var heights: [HeightKey: Double] = [:]
    private struct HeightKey: Hashable {
        var row: CenterRow.ID
        var buttons: Bool
    }
    /// What the list was drawn from: a repaint is due when the history, the switch, or who
    /// can hear late actions changes.
    private var drawnFrom: (count: Int, last: HistoryKey?, doNotDisturb: Bool, listening: Int, quiet: QuietView)?
    /// What the do-not-disturb switch shows: the user's own pause, who else holds quiet, and
    /// the local minute (which menu choices make sense). The service answers it.
    var quietView: () -> QuietView = { QuietView() }
    struct QuietView: Equatable {
        var user = false
        var lines: [String] = []
        var choices = QuietChoice.allCases
    }
    /// The entries unread when the panel opened (their `historyID`s): the board marks them
    /// read at once, and the header still counts them as new.
    private(set) var readAtOpen: Set<UInt64> = []
    /// The service took the keyboard and pointer for the panel (`Grab.panel`); until then it
    /// tries again (`GrabRetry`), and closes the panel when that gives up.
    var hasKeyboard = false
    private var drag: CenterDragGesture?
    /// The wheel's and the arrow keys' slide of the list: `state.scroll` is where the list
    /// shows now, this the way still to go (a drag moves `state.scroll` directly).
    private var scrollMotion = CenterScrollMotion()
    private(set) var nextFrame: Double?
    private var frameInterval: Double

    /// Entries the filter has examined since the panel opened (work, counted for tests).
    var filterWork: Int { filter.examined }

    /// Open, and still trying to take the keyboard: whether it stays open is not known yet.
    var isAwaitingKeyboard: Bool { isOpen && !hasKeyboard }

    init(output: any Surfaces & Resources, refreshRate: Double?, config: Config, scale: Double,
         wallClock: @escaping (Double) -> Double) {
        self.output = output
        self.config = config
        composer = CardComposer(config: config, scale: scale)
        self.wallClock = wallClock
        frameInterval = FrameGrid.period(hertz: refreshRate)
    }

    private var layout: CenterLayout {
        CenterLayout(composer: composer, metrics: output.textMetrics, size: Size(width: frame.width, height: frame.height))
    }
    private var viewport: Double { layout.viewport(filtering: state.filter != nil) }

    /// The row's height, measured once.
    private func height(_ i: Int) -> Double {
        guard rows.indices.contains(i) else { return 0 }
        let (key, expanded) = heightKey(i)
        if let h = heights[key] { return h }
        let h = layout.height(of: rows[i], expanded: expanded)
        heights[key] = h
        return h
    }

    /// What row `i`'s measured height is kept under (an entry with buttons is taller), and
    /// whether it is expanded.
    private func heightKey(_ i: Int) -> (HeightKey, expanded: Bool) {
        let row = rows[i]
        var expanded = false, buttons = false
        if case let .entry(entry) = row {
            expanded = state.expandedEntries.contains(HistoryKey(entry))
            buttons = CenterContent.showsButtons(entry)
        }
        return (HeightKey(row: row.id, buttons: buttons), expanded)
    }

    /// Whether row `i` has been measured (laid out) before.
    private func isMeasured(_ i: Int) -> Bool { rows.indices.contains(i) && heights[heightKey(i).0] != nil }

    // MARK: Opening and closing

    /// Opens on `monitor` (chosen as a toast's would be): the panel is composed, painted and
    /// mapped one frame into its slide; the service then takes the keyboard for it.
    /// `filter`: the panel opens filtered (the summary card's click: what came meanwhile).
    func open(on monitor: Monitor, board: Board, now: Double, filter text: String? = nil) {
        guard !isOpen else { return }
        if let surface { output.destroy(surface) }
        isOpen = true
        state = CenterState()
        state.filter = text
        scrollMotion.stop()
        heights.removeAll()
        filter = CenterFilter()
        readAtOpen = Set(board.history.lazy.filter(\.unread).map(\.historyID))
        monitorFrame = monitor.frame
        let width = composer.px(config.center.width)
        frame = CenterLayout.frame(in: monitor.workArea, width: width, side: config.center.side).rounded
        rows = CenterContent.rows(board.history, grouping: config.center.group, filter: text ?? "")
        let start = CenterLayout.offscreen(frame, monitor: monitorFrame, side: config.center.side)
        // Reduced motion: the panel opens in place.
        motion = CardMotion(at: config.reducesMotion ? frame.origin : start, now: now, tuning: config.motion)
        if !config.reducesMotion {
            motion.spring(to: frame.origin, now: now, spring: .standard(config.motion))
            _ = motion.step(to: now + frameInterval)
        }
        let scene = compose(board: board, now: now)
        let surface = output.createSurface(size: scene.size, at: motion.position)
        self.surface = surface
        output.paint(surface, scene, at: motion.position)
        output.setClip(surface, monitorFrame)
        output.map(surface)
        hasKeyboard = false
        armFrames(now)
    }

    /// Slides out; the service lets the keyboard and pointer go at once.
    func close(now: Double) {
        guard isOpen else { return }
        isOpen = false
        drag = nil
        scrollMotion.stop()
        hasKeyboard = false
        // Reduced motion: it goes in place, at once.
        if config.reducesMotion { return remove() }
        let target = CenterLayout.offscreen(frame, monitor: monitorFrame, side: config.center.side)
        motion.slide(to: target, now: now, duration: config.motion.exitDuration)
        armFrames(now)
    }

    func toggle(on monitor: @autoclosure () -> Monitor, board: Board, now: Double) {
        if isOpen { close(now: now) } else { open(on: monitor(), board: board, now: now) }
    }

    /// Gone at once (the daemon is stopping, or the screen changed under it).
    func remove() {
        hasKeyboard = false
        if let surface { output.destroy(surface) }
        surface = nil
        isOpen = false
        scrollMotion.stop()
        nextFrame = nil
    }

    /// New settings: the panel shuts; the next open uses them.
    func reconfigure(_ config: Config, scale: Double) {
        remove()
        self.config = config
        composer = CardComposer(config: config, scale: scale)
        foundIcons.removeAll()  // found at the old size
    }

    /// The desktop's settings turned (high contrast, reduced motion, the caret's blink): an
    /// open panel stays, with its selection and scroll, and paints in the new style. Any X
    /// client can change XSETTINGS; closing the panel at each change would let one close
    /// what the user has open. At a new scale it shuts, as at a reload.
    func restyle(_ config: Config, scale: Double, board: Board, now: Double) {
        guard isOpen, surface != nil, scale == composer.scale else { return reconfigure(config, scale: scale) }
        self.config = config
        composer = CardComposer(config: config, scale: scale)
        heights.removeAll()
        repaint(board: board, now: now)
    }

    // MARK: Following the board

    /// Repaints when the history or do-not-disturb changed since the last paint.
    func boardChanged(_ board: Board, now: Double) {
        guard isOpen, surface != nil else { return }
        let stamp = (board.history.count, board.history.last.map(HistoryKey.init), board.doNotDisturb, Self.listening(board), quietView())
        if let drawn = drawnFrom, drawn.count == stamp.0, drawn.last == stamp.1, drawn.doNotDisturb == stamp.2,
           drawn.listening == stamp.3, drawn.quiet == stamp.4 { return }
        repaint(board: board, now: now)
    }

    /// Lists the board's history again, keeps the selection and the scroll within it, and paints.
    func repaint(board: Board, now: Double) {
        guard let surface else { return }
        let scene = compose(board: board, now: now)
        output.paint(surface, scene, at: motion.position)
        output.placeCaret(composed?.filterCaret, on: surface)
        // A filter still searching takes its next step at the next frame.
        if !filter.isComplete { armFrames(now) }
    }

    /// A screen reader pressed one of the header's controls: as a click on it
    /// (`CenterState.click`); the command is the daemon's to do.
    func press(_ target: CenterTarget, board: Board, now: Double) -> CenterCommand? {
        guard isOpen, surface != nil else { return nil }
        let command = state.click(target, rows: rows, now: now, userQuiet: quietView().user)
        if state.clearArmedUntil != nil { armFrames(now) }
        repaint(board: board, now: now)
        return command
    }

    /// How many times the panel was composed: each change of what it shows is one.
    private(set) var compositions = 0

    private func compose(board: Board, now: Double) -> CardScene {
        compositions &+= 1
        // One bounded step of the filter's search per paint; frames follow until it is done.
        filter.set(state.filter ?? "", history: board.history)
        rows = CenterContent.rows(board.history, matching: filter, grouping: config.center.group,
                                  expanded: state.expandedGroups)
        // On a copy: measuring a row reads the state (which entries are expanded).
        var followed = state
        followed.follow(rows, viewport: viewport, height: height)
        state = followed
        let quiet = quietView()
        drawnFrom = (board.history.count, board.history.last.map(HistoryKey.init), board.doNotDisturb, Self.listening(board), quiet)
        let status = CenterLayout.Status(
            unread: CenterContent.unread(board.history, readAtOpen: readAtOpen), doNotDisturb: board.doNotDisturb,
            now: now, wallNow: wallClock(now), local: localTime,
            iconImage: { [unowned self, output] entry in iconFile(entry).flatMap { output.isImageReady($0) ? $0 : nil } },
            swipe: drag?.swipe.map { ($0.entry, $0.dx) },
            userQuiet: quiet.user, quietLines: quiet.lines, quietChoices: quiet.choices)
        let composed = layout.compose(rows: rows, state: state, status: status, height: height)
        self.composed = composed
        return composed.scene
    }

    /// The file an entry's icon shows from. A toast that waited and ended before its card
    /// showed was never looked up (icons are found as a card is about to show): its row finds
    /// it when it first draws, kept by name (`foundIcons`).
    private func iconFile(_ entry: HistoryEntry) -> String? {
        if let file = entry.toast.iconFile { return file }
        guard let spec = entry.toast.icon, !entry.toast.hidesIcon else { return nil }
        if let file = foundIcons[spec] { return file }
        let size = CardComposer.namesFile(spec) ? composer.iconSlot(picture: true) : composer.px(CardComposer.iconSize)
        guard case let .success(file) = output.loadImage(.named(spec), pixelSize: Int(size)) else { return nil }
        if foundIcons.count >= Self.foundIconsKept { foundIcons.removeAll() }
        foundIcons[spec] = file
        return file
    }

    /// How many entries can still take a late action: when it drops (a sender left), buttons go.
    private static func listening(_ board: Board) -> Int { board.history.listenerCount }

    // MARK: Input

    /// A key or pointer event the router gave the open panel (it holds both; a press outside
    /// it closes it). The commands are the daemon's to do.
    func handle(_ event: InputEvent, board: Board, now: Double) -> [CenterCommand] {
        guard isOpen, surface != nil else { return [] }
        var commands: [CenterCommand] = []
        switch event {
        case let .key(stroke):
            var pressed = state
            let key = KeyPress(stroke)
            if let command = pressed.press(key, rows: rows, viewport: viewport, now: now, height: height,
                                                  quietChoices: quietView().choices) { commands.append(command) }
            slideToKeysScroll(from: state.scroll, pressed: &pressed, key: key.key, now: now)
            state = pressed
        case let .press(_, button, root, _, _):
            guard frame.contains(root) else { return [.close] }
            let p = Point(x: root.x - frame.x, y: root.y - frame.y)
            if let notches = TextScroll.wheelNotches(button: button) {
                scrollMotion.add(Double(notches) * CenterScroll.notch(lineHeight: output.textMetrics.lineHeight), now: now)
                armFrames(now)
            } else if button == 1 {
                var entry: HistoryKey?
                if case let .entry(key)? = composed?.target(at: p) { entry = key }
                drag = CenterDragGesture(at: p, entry: entry)
                return []
            } else if button == 3 {
                // A right click on an entry or a group opens its snooze menu (`CenterState+SnoozeMenu`).
                state.closeSnoozeMenu()
                state.openSnoozeMenu(on: composed?.target(at: p), rows: rows, at: p)
            } else {
                return []
            }
        case let .motion(_, root, _):
            if drag == nil, state.snoozeMenu != nil {
                let target = composed?.target(at: Point(x: root.x - frame.x, y: root.y - frame.y))
                if state.hoverInSnoozeMenu(target) { repaint(board: board, now: now) }
                return []
            }
            guard var d = drag else { return [] }
            let p = Point(x: root.x - frame.x, y: root.y - frame.y)
            let dy = d.move(to: p, slop: composer.px(config.motion.clickSlop))
            drag = d
            if d.mode == .scroll {
                scrollMotion.stop()
                scroll(by: dy)
            }
            if d.mode == .undecided { return [] }
        case let .release(_, button, root, _, _):
            guard button == 1, let d = drag else { return [] }
            drag = nil
            let p = Point(x: root.x - frame.x, y: root.y - frame.y)
            switch d.release(at: p, width: frame.width, fraction: CenterMetrics.swipeFraction) {
            case let .click(at):
                let menu = state.quietMenuOpen
                if let target = composed?.target(at: at),
                   let command = state.click(target, rows: rows, now: now, userQuiet: quietView().user) { commands.append(command) }
                if state.quietMenuOpen != menu && commands.isEmpty { repaint(board: board, now: now) }
                if state.clearArmedUntil != nil { armFrames(now) }
            case let .remove(key):
                commands.append(.remove(key))
            case .none:
                break
            }
        case .enter, .leave, .compositorChanged, .screenChanged, .lockChanged, .fullscreenChanged, .idleChanged, .imagesReady,
             .desktopSettingsChanged, .topLevelWindowsChanged, .activeWindowChanged, .pasted, .focusLost:
            return []
        }
        repaint(board: board, now: now)
        return commands
    }

    /// A fact about the screen: a new kind of surface or a monitor gone shuts the panel
    /// rather than remake it; nothing is drawn above a locker, so it goes at once, as the
    /// cards do (under `lock = show` it stays, as they do); decoded images show.
    func screenEvent(_ event: InputEvent, board: Board, now: Double) {
        switch event {
        case .compositorChanged, .screenChanged: remove()
        case let .lockChanged(monitors) where !monitors.isEmpty && config.lock == .hold: remove()
        case .imagesReady where isOpen: repaint(board: board, now: now)
        default: break
        }
    }

    /// An entry's click when its action cannot be invoked: it opens to show its whole message.
    func expand(_ key: HistoryKey, board: Board, now: Double) {
        state.toggleExpanded(key)
        heights = heights.filter { $0.key.row != .entry(key) }
        repaint(board: board, now: now)
    }

    private func scroll(by dy: Double) {
        state.scroll = state.scroll.scrolled(by: dy, count: rows.count, viewport: viewport, height: height)
    }

    /// The arrow and page keys slide the list to the place the key chose (the rows between were
    /// measured to find it); Home, End and a new filter cut there, as a slide across rows never
    /// laid out would lay out every one of them.
    private func slideToKeysScroll(from shown: CenterScroll, pressed: inout CenterState, key: KeyPress.Key, now: Double) {
        guard pressed.scroll != shown else { return }
        switch key {
        case .up, .down, .pageUp, .pageDown:
            scrollMotion.retarget(CenterScroll.distance(from: shown, to: pressed.scroll, height: height), now: now)
            pressed.scroll = shown
            armFrames(now)
        default:
            scrollMotion.stop()
        }
    }

    // MARK: Frames

    /// Frames while the panel or its list slides, while the filter searches, and
    /// once when the "Clear all" guard runs out (its label goes back).
    private func armFrames(_ now: Double) {
        var due: [Double] = []
        if surface != nil, motion.isAnimating || (isOpen && scrollMotion.isMoving) || (isOpen && !filter.isComplete) {
            due.append(now + frameInterval)
        }
        if isOpen, let until = state.clearArmedUntil, until > now { due.append(until) }
        nextFrame = due.min()
    }

    func stepFrame(board: Board, now: Double) {
        guard let surface else { return nextFrame = nil }
        if motion.isAnimating {
            _ = motion.step(to: now)
            output.move(surface, to: motion.position)
        }
        if isOpen, scrollMotion.isMoving {
            state.scroll = scrollMotion.step(state.scroll, to: now, count: rows.count, viewport: viewport,
                                             height: height, isMeasured: isMeasured)
            repaint(board: board, now: now)
        } else if isOpen, !filter.isComplete {
            repaint(board: board, now: now)  // the filter's next step, and what it found
        }
        if let until = state.clearArmedUntil, until <= now {
            state.clearArmedUntil = nil
            repaint(board: board, now: now)
        }
        if !isOpen && !motion.isAnimating {
            output.destroy(surface)
            self.surface = nil
            // What only an open panel needs goes with it: the next open lists the history and
            // measures its rows again anyway. Kept, the rows (a copy of each entry's fields)
            // and their heights were about 600 KiB of an idle daemon after a full history's
            // panel had been scrolled to its end and closed.
            rows = []
            heights = [:]
            composed = nil
            filter = CenterFilter()
            readAtOpen = []
            drawnFrom = nil
            // Composing a full history's panel leaves freed heap pages behind (glibc keeps
            // them for later allocations): a closed centre gives them back, so an idle
            // daemon's private memory is what its history costs, not its last open panel.
            ProcessMemory.trim()
        }
        armFrames(now)
    }
}

extension Rect {
    /// In whole pixels.
    fileprivate var rounded: Rect { Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height.rounded()) }
}

/// Wall seconds in the local time zone (`SystemZone`: the zone's rules, summer time included).
func localTime(_ wall: Double) -> RelativeTime.LocalTime { .at(wall, in: SystemZone.local) }
