@testable import Daemon
import JSONCodec
import ToastCore

/// A screen with no X server: it hands out surface numbers and remembers what was asked of
/// each, so tests can look at where cards are and what they show.
final class FakeOutput: Output {
    final class Surface {
        var size: Size
        var origin: Point
        var scene: CardScene?
        var paints = 0
        var isMapped = false
        var isDestroyed = false
        var opacity = 1.0
        var spinner: SpinnerSpec?
        /// The text caret last placed on it (`placeCaret`): the input method's spot.
        var caret: Point?
        var clip: Rect?
        /// Every place the surface was moved to, in order.
        var moves: [Point] = []
        /// When each of `moves` happened (the output's `clock` then).
        var moveTimes: [Double] = []
        /// The surface's whole frame after each paint (a paint moves and resizes in one request).
        var paintFrames: [Rect] = []
        init(size: Size, origin: Point) {
            self.size = size
            self.origin = origin
        }
    }

    var monitors = [Monitor(name: "screen", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true)]
    var screenDescription: String { monitors.map(\.name).joined(separator: ", ") }
    var pointer: Point?
    var focus: Point?
    var hasAlpha = false
    var refreshRate: Double? = 60
    var displayName = ":test"
    /// No descriptors: the tests hand the service its input themselves.
    var readiness: ScreenReadiness { ScreenReadiness(connection: -1) }
    /// Icon files still decoding: not drawable until the test says so.
    var decoding: Set<String> = []
    func isImageReady(_ file: String) -> Bool { !decoding.contains(file) }
    var desktopResources: String?
    var facts: ScreenFacts {
        ScreenFacts(displayName: displayName, desktopResources: desktopResources, refreshRate: refreshRate, description: screenDescription)
    }
    var textMetrics: any TextMeasuring = FixedMetrics()
    /// Icon specs that load, and the file each gives.
    var icons: [String: String] = [:]
    private(set) var surfaces: [SurfaceID: Surface] = [:]
    private(set) var grabbed: SurfaceID?
    private var next: UInt = 100
    var input: [InputEvent] = []
    /// The test's time, set by the rig, so moves can be told apart frame by frame.
    var clock = 0.0

    func setFont(_ face: FontFace, pixelSize: Double) -> Bool { face.family != "no-such-font" }

    /// Raw images stored through `loadImage(.raw…)`, by name.
    var storedImages: [String: RawImage] = [:]

    /// Icons looked up by name so far (issue 43: only for cards about to show).
    private(set) var iconLookups: [String] = []

    func loadImage(_ source: ImageSource, pixelSize: Int) -> Result<String, IconLoadError> {
        switch source {
        case let .named(spec):
            iconLookups.append(spec)
            return icons[spec].map { .success($0) } ?? .failure(IconLoadError("no icon named \"\(spec)\""))
        case let .raw(name, image):
            storedImages[name] = image
            return .success(name)
        }
    }

    func createSurface(size: Size, at origin: Point) -> SurfaceID {
        next += 1
        surfaces[SurfaceID(next)] = Surface(size: size, origin: origin)
        return SurfaceID(next)
    }

    func paint(_ surface: SurfaceID, _ scene: CardScene, at origin: Point) {
        guard let s = surfaces[surface] else { return }
        s.scene = scene
        s.size = scene.size
        s.paints += 1
        move(surface, to: origin)
        s.paintFrames.append(Rect(x: s.origin.x, y: s.origin.y, width: s.size.width, height: s.size.height))
    }

    func move(_ surface: SurfaceID, to origin: Point) {
        guard let s = surfaces[surface] else { return }
        s.origin = Point(x: origin.x.rounded(), y: origin.y.rounded())
        s.moves.append(s.origin)
        s.moveTimes.append(clock)
    }

    func locate(_ place: ScreenPlace) -> Point? { place == .pointer ? pointer : focus }
    func setClip(_ surface: SurfaceID, _ clip: Rect?) { surfaces[surface]?.clip = clip }
    func setOpacity(_ surface: SurfaceID, _ opacity: Double) { surfaces[surface]?.opacity = opacity }
    func map(_ surface: SurfaceID) { surfaces[surface]?.isMapped = true }
    func destroy(_ surface: SurfaceID) { surfaces[surface]?.isDestroyed = true }
    func setSpinner(_ surface: SurfaceID, _ spinner: SpinnerSpec?) { surfaces[surface]?.spinner = spinner }
    func turnSpinners(phase: Double) {}
    func placeCaret(_ caret: Point?, on surface: SurfaceID) { surfaces[surface]?.caret = caret }
    /// The keys held now (`Grab.keys`), and the lines a grab reports for those in `heldElsewhere`.
    private(set) var grabbedKeys: [KeyAction: KeyChord] = [:]
    private(set) var keyGrabCalls = 0
    var heldElsewhere: Set<KeyChord> = []
    /// Whether focus mode holds the keyboard; while `keyboardBusy`, another client does.
    private(set) var keyboardGrabbed = false
    var keyboardBusy = false
    /// The surface holding the keyboard and pointer for the centre (`Grab.panel`);
    /// `keyboardBusy` makes that fail too (another client has it).
    private(set) var keyboard: SurfaceID?
    /// The surface an open reply field put the keyboard's focus on (`Grab.reply`).
    private(set) var replyFocus: SurfaceID?
    /// The pastes asked for (`requestPaste`).
    private(set) var pasteRequests: [ReplySession.Selection] = []
    func requestPaste(_ selection: ReplySession.Selection, for surface: SurfaceID, serverTime: UInt) { pasteRequests.append(selection) }

    func grab(_ grab: Grab) -> [String] {
        switch grab {
        case let .keys(keys):
            keyGrabCalls += 1
            grabbedKeys = keys.filter { !heldElsewhere.contains($0.value) }
            return keys.filter { heldElsewhere.contains($0.value) }.map { "keys.\($0.key.rawValue) = \($0.value): another program holds this key; not grabbed" }
        case let .drag(surface, _):
            grabbed = surface
        case .focus:
            keyboardGrabbed = !keyboardBusy
        case let .panel(surface):
            if !keyboardBusy { keyboard = surface }
        case let .reply(surface, _):
            replyFocus = surface
        }
        return keyboardBusy && grab.kind != .drag ? ["another client holds the keyboard"] : []
    }

    func release(_ grab: Grab) {
        switch grab.kind {
        case .keys: grabbedKeys = [:]
        case .drag: grabbed = nil
        case .focus: keyboardGrabbed = false
        case .panel: keyboard = nil
        case .reply: replyFocus = nil
        }
    }

    /// Runs while the screen is read, as the real one finishes work it did off the loop then
    /// (a GSettings read's children, decoded images) and calls back into the service.
    var whileReading: (() -> Void)?
    func takeInput() -> [InputEvent] {
        whileReading?()
        defer { input = [] }
        return input
    }

    func flush() {}
    private(set) var connectionLost: (() -> Void)?
    func onConnectionLost(_ body: @escaping () -> Void) { connectionLost = body }
    func takeErrors() -> [String] { [] }
    /// What the screen answers when asked about a locker before a surface maps: what it
    /// last reported (the rig keeps it with each `.lockChanged`), or what a test sets to play
    /// a locker only the keyboard probe finds.
    var lock: Set<String> = []
    /// How many times the daemon asked.
    private(set) var lockQuestions = 0
    func confirmLock() -> Set<String> {
        lockQuestions += 1
        return lock
    }
    /// Every idle threshold armed, in order; `hasIdleCounter` false plays a server without one.
    private(set) var idleThresholds: [Int] = []
    var hasIdleCounter = true
    func watchIdle(threshold: Int) -> Bool {
        idleThresholds.append(threshold)
        return hasIdleCounter
    }

    /// Surfaces that are on screen now, oldest first.
    var live: [(id: SurfaceID, surface: Surface)] {
        surfaces.filter { $0.value.isMapped && !$0.value.isDestroyed }.sorted { $0.key.raw < $1.key.raw }.map { ($0.key, $0.value) }
    }
}

/// A font of fixed advances: 7 px a character (8 in bold), lines of 17 px, filled character
/// by character; past `maxLines` the block is cut.
struct FixedMetrics: TextMeasuring {
    var lineHeight: Double { 17 }

    func measure(_ block: TextBlock) -> TextExtent {
        let advance: Double = block.style.bold ? 8 : 7
        let perLine = max(1, Int(block.width / advance))
        let count = block.text.count
        let needed = max(1, (count + perLine - 1) / perLine)
        let lines = min(needed, block.maxLines ?? needed)
        return TextExtent(size: Size(width: Double(min(count, perLine)) * advance, height: Double(lines) * lineHeight),
                          lineCount: lines, isCut: lines < needed)
    }
}

/// Remembers every event and who it went to.
final class RecordingSink: EventSink {
    private(set) var deliveries: [(event: ToastEvent, owners: [Owner], app: String?)] = []
    /// The deliveries marked late (`"late":true`), as their lines read.
    private(set) var lateLines: [(owners: [Owner], line: JSON)] = []
    /// The activation tokens that went with events, in order.
    private(set) var tokens: [(event: ToastEvent, token: String)] = []
    /// What the bus would send of everything delivered to its owner, in order.
    var busSignals: [NotificationMapping.Signal] { busDeliveries.flatMap(NotificationMapping.signals(for:)) }
    private(set) var busDeliveries: [BoardChanges.Delivery] = []
    func deliver(_ delivery: BoardChanges.Delivery) {
        deliveries.append((delivery.event, delivery.recipients, delivery.app))
        if delivery.recipients.contains(where: { $0.source == .bus }) { busDeliveries.append(delivery) }
        if delivery.late { lateLines.append((delivery.recipients, delivery.json)) }
        if let token = delivery.activationToken { tokens.append((delivery.event, token)) }
    }

    /// Lines that are no toast's event (`count --follow`'s), and who they went to.
    private(set) var sent: [(line: JSON, owners: [Owner])] = []
    func send(_ line: JSON, to owners: [Owner]) { sent.append((line, owners)) }

    /// The events `owner` heard, in order.
    func heard(by owner: Owner) -> [ToastEvent] { deliveries.filter { $0.owners.contains(owner) }.map(\.event) }
}
