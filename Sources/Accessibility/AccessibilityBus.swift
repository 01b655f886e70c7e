import DaemonLog
import SDBus
import ToastCore
import Transport

/// xtoast as an AT-SPI application: watches the session bus for the accessibility bus
/// (`org.a11y.Bus`) and, only while it has an owner and `org.a11y.Status.IsEnabled` is true,
/// connects to it, embeds itself in the registry's desktop and serves the `AccessibleTree`
/// (`AccessibleObjects`), sending the events `AccessibleAnnouncer` decides.
///
/// Without an accessibility bus it holds one quiet session-bus connection whose only match is
/// that name's owner changing: no accessibility connection and no wakeups. Every call it
/// makes is asynchronous (`BusConnection.callAsync`), so a slow bus launcher never stalls the loop,
/// and `process` handles a bounded number of messages per turn (`TurnBudget`), of them
/// at most `textEditsPerTurn` edits of the reply field.
public final class AccessibilityBus {
    static let busName = "org.a11y.Bus"
    static let busPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"
    static let registryName = "org.a11y.atspi.Registry"
    static let rootObjectPath = "/org/a11y/atspi/accessible/root"
    /// Messages handled per connection and loop turn at most (and `TurnBudget.seconds`).
    static let messagesPerTurn = 32
    /// How long an answer from the session bus or the registry may take (µs).
    static let callTimeout: UInt64 = 5_000_000

    /// The session bus, watched for `org.a11y.Bus`.
    private var session: BusConnection?
    /// The accessibility bus, while connected.
    var a11y: BusConnection?
    /// The session bus's matches: the name's owner and its status changing.
    private var watchSlots: [BusSlot] = []
    /// The pending question on the session bus (one at a time: a new check cancels it).
    private var callSlot: BusSlot?
    /// The objects served on the accessibility bus, and the pending `Embed`. Every handler
    /// holds this object weakly; the slots go in `close`.
    private var objectSlots: [BusSlot] = []
    private var embedSlot: BusSlot?
    let host: any AccessibilityHost
    let now: () -> Double
    /// The tree served and what was last announced of it.
    var announcer = AccessibleAnnouncer()
    /// The registry's desktop, the root's parent (from `Embed`'s answer).
    var desktop = ObjectReference.null
    /// Our unique name on the accessibility bus, the bus name in every reference we give.
    var uniqueName = ""
    /// `org.a11y.atspi.Application.Id`, which the registry sets.
    var applicationID: Int32 = 0
    /// Connected, said hello and sent `Embed`: events may go out.
    public private(set) var isPublishing = false
    /// Waiting for the accessibility connection's `Hello` before embedding.
    private var awaitingHello = false
    /// Room in the log for joining and leaving: a session-bus client can turn the
    /// accessibility bus's status (or answer for it) in a loop.
    private var joinLines = LogBudget(lines: 20, what: "accessibility bus lines")
    /// Text edits served this turn (`textEditsPerTurn`).
    var textEdits = 0

    private init(session: BusConnection, host: any AccessibilityHost, now: @escaping () -> Double) {
        self.session = session
        self.host = host
        self.now = now
    }

    deinit { close() }

    /// Watches the session bus for an accessibility bus; nil (silently: the notification bus
    /// has said why) without a session bus.
    public static func watch(host: any AccessibilityHost, now: @escaping () -> Double) -> AccessibilityBus? {
        guard case let .success(session) = BusConnection.session() else { return nil }
        let watcher = AccessibilityBus(session: session, host: host, now: now)
        let ownerRule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(busName)'"
        let statusRule = "type='signal',path='\(busPath)',interface='org.freedesktop.DBus.Properties',"
            + "member='PropertiesChanged',arg0='\(statusInterface)'"
        do {
            for rule in [ownerRule, statusRule] {
                watcher.watchSlots.append(try session.addMatch(rule) { [weak watcher] _ in
                    watcher?.check()
                    return .passOn
                })
            }
        } catch {
            Log.info("cannot watch the session bus for an accessibility bus; screen readers will not see the toasts")
            return nil
        }
        watcher.check()
        return watcher
    }

    // MARK: Following the accessibility bus

    /// Asks again whether there is an accessibility bus (`NameHasOwner`, which never starts
    /// one), then whether it is enabled, then its address; each answer leads to the next.
    func check() {
        callSlot = nil
        ask(Self.dbusDestination, "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", arguments: [Self.busName]) { bus, reply in
            guard (try? reply.readBool()) == true else { return bus.leave("no accessibility bus") }
            bus.ask(Self.busName, Self.busPath, "org.freedesktop.DBus.Properties", "Get",
                    arguments: [Self.statusInterface, "IsEnabled"]) { bus, reply in
                guard (try? reply.enterContainer("v", "b")) != nil, (try? reply.readBool()) == true else {
                    return bus.leave("accessibility is not enabled")
                }
                guard bus.a11y == nil else { return }
                bus.ask(Self.busName, Self.busPath, Self.busName, "GetAddress") { bus, reply in
                    guard let address = try? reply.readString(maxBytes: Self.maxAddressBytes) else { return }
                    bus.join(address)
                }
            }
        }
    }

    static let dbusDestination = "org.freedesktop.DBus"
    /// Bytes of the accessibility bus's address read at most (a socket path and a guid; a
    /// longer one is cut, and then fails to connect, as a wrong one would).
    static let maxAddressBytes = 4096

    /// A method call on the session bus, answered asynchronously; never auto-starts a service.
    /// `answer` runs with its reply (not on an error reply), while this object lives.
    private func ask(_ destination: String, _ path: String, _ interface: String, _ member: String, arguments: [String] = [],
                     answer: @escaping (AccessibilityBus, BusMessage) -> Void) {
        guard let session else { return }
        do {
            let call = try session.methodCall(destination: destination, path: path, interface: interface, member: member)
            try call.setAutoStart(false)
            for argument in arguments { try call.append(argument) }
            callSlot = nil
            callSlot = try session.callAsync(call, timeout: Self.callTimeout) { [weak self] reply in
                guard let self, !reply.isMethodError else { return }
                answer(self, reply)
            }
        } catch {
            return
        }
    }

    /// Connects to the accessibility bus at `address`; the `Embed` goes once its `Hello` is
    /// answered (`process`).
    private func join(_ address: String) {
        guard a11y == nil else { return }
        guard case let .success(connection) = BusConnection.connect(address: address) else {
            Log.info("cannot connect to the accessibility bus at \(Log.quoted(address)); screen readers will not see the toasts",
                     within: &joinLines, now: now())
            return
        }
        a11y = connection
        do {
            objectSlots.append(try connection.addFallback(AccessibleObjects.prefix) { [weak self] in self?.serve($0) ?? .passOn })
        } catch {
            Log.info("cannot publish on the accessibility bus; screen readers will not see the toasts")
            disconnect()
            return
        }
        // `org.a11y.atspi.Cache.GetItems`, which libatspi asks of each new application: an
        // empty cache, so a screen reader asks each object itself and nothing it holds goes stale.
        let cache = try? connection.addObject("/org/a11y/atspi/cache") { message in
            guard message.isMethodCall(interface: "org.a11y.atspi.Cache", member: "GetItems") else { return .passOn }
            return message.reply { m in try m.appendArray(of: "((so)(so)(so)iiassusau)") {} }
        }
        if let cache { objectSlots.append(cache) }
        awaitingHello = true
    }

    /// Said hello: embeds the root in the registry's desktop (`org.a11y.atspi.Socket.Embed`).
    private func embed() {
        guard let a11y else { return }
        awaitingHello = false
        guard let name = a11y.uniqueName else { return disconnect() }
        uniqueName = name
        do {
            let call = try a11y.methodCall(destination: Self.registryName, path: Self.rootObjectPath,
                                           interface: "org.a11y.atspi.Socket", member: "Embed")
            try appendReference(call, ObjectReference(bus: uniqueName, path: Self.rootObjectPath))
            embedSlot = try a11y.callAsync(call, timeout: Self.callTimeout) { [weak self] reply in
                guard let self else { return }
                embedSlot = nil
                if reply.isMethodError {
                    let text = reply.errorMessage ?? "no answer"
                    Log.info("the accessibility registry refused xtoast (\(Log.quoted(text))); screen readers may not list it",
                             within: &joinLines, now: now())
                } else if let desktop = readReference(reply) {
                    self.desktop = desktop
                }
            }
        } catch {
            return disconnect()
        }
        isPublishing = true
        announcer = AccessibleAnnouncer()
        Log.info("connected to the accessibility bus: screen readers see the toasts", within: &joinLines, now: now())
        publish()
    }

    /// The accessibility bus went, or was disabled: its connection closes, nothing stays.
    private func leave(_ why: String) {
        guard a11y != nil else { return }
        Log.info("left the accessibility bus: \(why)", within: &joinLines, now: now())
        disconnect()
    }

    private func disconnect() {
        embedSlot = nil
        objectSlots = []
        a11y?.close()
        a11y = nil
        isPublishing = false
        awaitingHello = false
        announcer = AccessibleAnnouncer()
        desktop = .null
        uniqueName = ""
    }

    // MARK: The loop's side

    /// The descriptors to poll and what for: the session bus, and the accessibility bus while connected.
    public var descriptors: [(fd: Int32, events: Int16)] {
        [session, a11y].compactMap { bus in bus.map { ($0.fd, $0.events) } }
    }

    /// When `process` is due without input (sd-bus's timeouts; a held progress change), in
    /// seconds on CLOCK_MONOTONIC; nil for never.
    public var deadline: Double? {
        let buses = [session, a11y].compactMap { $0?.deadline }
        return (buses + [isPublishing ? announcer.heldUntil : nil].compactMap { $0 }).min()
    }

    /// Handles waiting messages on both connections, each within its share of the turn. A
    /// broken accessibility connection is closed and the session asked again; a broken session
    /// connection ends the watching (the notification bus shuts the daemon down then).
    public func process() {
        Log.windowEnd(of: &joinLines, now: now())
        if let bus = a11y, !drain(bus) {
            Log.info("lost the accessibility bus", within: &joinLines, now: now())
            disconnect()
            check()
        }
        if awaitingHello, a11y?.isReady == true { embed() }
        if let bus = session, !drain(bus) { close() }
        if isPublishing, let due = announcer.heldUntil, due <= now() { publish() }
    }

    private func drain(_ bus: BusConnection) -> Bool {
        let budget = TurnBudget(clock: now)
        textEdits = 0
        var handled = 0
        while Self.readsAnother(after: handled, textEdits: textEdits, budgetSpent: handled > 0 && budget.isSpent) {
            do {
                guard try bus.process() else { break }
            } catch {
                return false
            }
            handled += 1
        }
        return true
    }

    /// Whether `drain` reads another message this turn, after `handled` of them (of which
    /// `textEdits` edited the field): the first always, then while the turn's time lasts, up to
    /// `messagesPerTurn`, and none after `textEditsPerTurn` edits, each of which redraws the
    /// field, so the rest of a flood of edits waits for the next turn.
    static func readsAnother(after handled: Int, textEdits: Int, budgetSpent: Bool) -> Bool {
        handled == 0 || handled < messagesPerTurn && !budgetSpent && textEdits < textEditsPerTurn
    }

    /// Publishes the host's tree, announcing what changed, when the host says it may have
    /// changed or a held change is due (only while publishing: the tree is not even built
    /// otherwise). Called by the loop after each turn.
    public func publish() {
        guard isPublishing, a11y != nil, announcer.wantsTree(generation: host.treeGeneration, now: now()) else { return }
        let events = announcer.advance(to: host.accessibleTree(), now: now())
        for event in events { send(event) }
    }

    public func close() {
        disconnect()
        callSlot = nil
        watchSlots = []
        session?.close()
        session = nil
    }
}

/// An AT-SPI object reference, `(so)`: a bus name and an object path.
struct ObjectReference: Equatable {
    var bus: String
    var path: String
    static let null = ObjectReference(bus: "", path: "/org/a11y/atspi/null")
    /// Bytes of a path read at most (the registry's desktop is a short path; a longer one is cut).
    static let maxPathBytes = 4096
}

func appendReference(_ m: BusMessage, _ reference: ObjectReference) throws {
    try m.appendStruct("so") {
        try m.append(reference.bus)
        try m.append(reference.path, type: "o")
    }
}

func readReference(_ m: BusMessage) -> ObjectReference? {
    guard (try? m.enterContainer("r", "so")) != nil,
          let name = try? m.readString(maxBytes: BusMessage.nameBytes),
          let path = try? m.readString(maxBytes: ObjectReference.maxPathBytes, type: "o") else { return nil }
    return ObjectReference(bus: name, path: path)
}
