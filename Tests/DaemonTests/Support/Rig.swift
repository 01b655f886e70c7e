@testable import Daemon
import JSONCodec
import Operations
import Testing
import Sound
import ToastCore

/// The daemon's logic on a fake screen, with time in the test's hands.
final class Rig {
    let output = FakeOutput()
    let sink = RecordingSink()
    let service: ToastService
    private(set) var now = 1000.0 {
        didSet { output.clock = now }
    }
    let alice = Owner(.socket, 1)
    let bob = Owner(.socket, 2)
    /// How far the wall clock has jumped past the monotonic one (a suspend, a clock set).
    final class WallShift { var seconds = 0.0 }
    let wallShift = WallShift()
    /// The wall clock at `now`.
    var wallNow: Double { 1_700_000_000 + now + wallShift.seconds }

    init(config: Config = .default, configure: (FakeOutput) -> Void = { _ in },
         loadConfig: @escaping (Config) -> (config: Config, diagnostics: [String]) = { ($0, []) },
         runScript: @escaping (RuleScript, [(String, String)]) -> Void = { _, _ in },
         runForUser: @escaping (RuleScript, [(String, String)]) -> Void = { _, _ in }, sound: (any SoundPlayer)? = nil) {
        configure(output)
        output.clock = now
        let shift = wallShift
        service = ToastService(config: config, output: output, sink: sink, loadConfig: loadConfig, runScript: runScript,
                               runForUser: runForUser, sound: sound, wallClock: { $0 + 1_700_000_000 + shift.seconds },
                               activationTokens: ActivationTokens(pid: 42, host: "rig"))
    }

    /// Sends a request as `owner`; returns the reply.
    @discardableResult
    func request(_ line: String, from owner: Owner? = nil) -> Reply {
        switch Request.decode(line: Array(line.utf8)) {
        case let .success(request): return service.handle(request, from: owner ?? alice, now: now, wallNow: wallNow)
        case let .failure(error):
            Issue.record("bad request in test: \(error.message)")
            return .error(error.message)
        }
    }

    /// Shows a toast and returns its id.
    @discardableResult
    func show(_ fields: String = #""message":"hello""#, from owner: Owner? = nil) -> String {
        guard case let .ok(id?, _) = request(#"{"op":"show",\#(fields)}"#, from: owner) else {
            Issue.record("show was refused")
            return ""
        }
        return id
    }

    /// Lets `seconds` pass, running every deadline (frames, timeouts, the journal's) that falls
    /// in them, as the loop would.
    func wait(_ seconds: Double) {
        let end = now + seconds
        var turns = 0
        while let due = service.nextDeadline, due <= end, turns < 100_000 {
            now = max(now, due)
            service.advance(now: now)
            // The end of the loop's turn: the history's rewrite and the journal, when due.
            service.writeHistory(now: now)
            turns += 1
        }
        now = end
        service.advance(now: now)
        service.writeHistory(now: now)
    }

    /// Sends pointer input as the X server would, then lets the loop handle it.
    func input(_ event: InputEvent) {
        // The screen that reports a lock answers the same when asked again.
        if case let .lockChanged(monitors) = event { output.lock = monitors }
        service.handle(event, now: now)
    }

    /// The cards on screen that are not moving, by their surface's frame.
    var restingFrames: [Rect] {
        output.live.map { Rect(x: $0.surface.origin.x, y: $0.surface.origin.y, width: $0.surface.size.width, height: $0.surface.size.height) }
    }

    /// The one live surface that shows `text` somewhere in its scene.
    func surface(showing text: String) -> (id: SurfaceID, surface: FakeOutput.Surface)? {
        output.live.first { $0.surface.scene.map { "\($0)".contains(text) } ?? false }
    }

    /// A press and release at `point` with the pointer moving `by` in between over `duration`.
    /// `releaseTime` is the release's X server time (an action's activation token carries it).
    func drag(_ surface: SurfaceID, from point: Point, by delta: Point, duration: Double, steps: Int = 6, releaseTime: UInt = 2) {
        let t0 = now
        input(.press(surface: surface, button: 1, root: point, time: t0, serverTime: 1))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            wait(duration / Double(steps))
            input(.motion(surface: surface, root: Point(x: point.x + delta.x * f, y: point.y + delta.y * f), time: t0 + duration * f))
        }
        input(.release(surface: surface, button: 1, root: Point(x: point.x + delta.x, y: point.y + delta.y),
                       time: t0 + duration, serverTime: releaseTime))
    }

    func click(_ surface: SurfaceID, at point: Point, serverTime: UInt = 2) {
        drag(surface, from: point, by: .zero, duration: 0.05, steps: 1, releaseTime: serverTime)
    }
}

/// The `i`th element of a JSON array.
func item(_ json: JSON?, _ i: Int) -> JSON? {
    guard case let .array(items)? = json, items.indices.contains(i) else { return nil }
    return items[i]
}
