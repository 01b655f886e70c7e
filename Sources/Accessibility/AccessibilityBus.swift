import CSDBus
import DaemonLog
#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// xtoast as an AT-SPI application: watches the session bus for the accessibility bus
/// (`org.a11y.Bus`) and, only while it has an owner and `org.a11y.Status.IsEnabled` is true,
/// connects to it, embeds itself in the registry's desktop and serves the `AccessibleTree`
/// (`AccessibleObjects`), sending the events `AccessibleAnnouncer` decides.
///
/// Without an accessibility bus it holds one quiet session-bus connection whose only match is
/// that name's owner changing: no accessibility connection and no wakeups. Every call it
/// makes is asynchronous (`sd_bus_call_async`), so a slow bus launcher never stalls the loop,
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
    private var session: OpaquePointer?
    /// The accessibility bus, while connected.
    var a11y: OpaquePointer?
    private var ownerSlot: OpaquePointer?
    private var statusSlot: OpaquePointer?
    /// The pending question on the session bus (one at a time: a new check cancels it).
    private var callSlot: OpaquePointer?
    private var objectSlot: OpaquePointer?
    private var cacheSlot: OpaquePointer?
    private var embedSlot: OpaquePointer?
    /// What the C callbacks get back: this object, unretained (the slots go in `close`).
    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
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

    private init(session: OpaquePointer, host: any AccessibilityHost, now: @escaping () -> Double) {
        self.session = session
        self.host = host
        self.now = now
    }

    deinit { close() }

    /// Watches the session bus for an accessibility bus; nil (silently: the notification bus
    /// has said why) without a session bus. The corresponding C functions are `sd_bus_open_user`
    /// and `sd_bus_add_match`.
    public static func watch(host: any AccessibilityHost, now: @escaping () -> Double) -> AccessibilityBus? {
        var handle: OpaquePointer?
        guard sd_bus_open_user(&handle) >= 0, let handle else { return nil }
        let watcher = AccessibilityBus(session: handle, host: host, now: now)
        let ownerRule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(busName)'"
        let statusRule = "type='signal',path='\(busPath)',interface='org.freedesktop.DBus.Properties',"
            + "member='PropertiesChanged',arg0='\(statusInterface)'"
        let changed: sd_bus_message_handler_t = { _, userdata, _ in
            guard let userdata else { return 0 }
            Unmanaged<AccessibilityBus>.fromOpaque(userdata).takeUnretainedValue().check()
            return 0
        }
        guard sd_bus_add_match(handle, &watcher.ownerSlot, ownerRule, changed, watcher.context) >= 0,
              sd_bus_add_match(handle, &watcher.statusSlot, statusRule, changed, watcher.context) >= 0 else {
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
        callSlot = callSlot.flatMap { sd_bus_slot_unref($0) }
        ask(Self.dbusDestination, "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", argument: Self.busName) { bus, reply in
            var owned: Int32 = 0
            guard sd_bus_message_read_basic(reply, type("b"), &owned) >= 0, owned != 0 else { return bus.leave("no accessibility bus") }
            bus.ask(Self.busName, Self.busPath, "org.freedesktop.DBus.Properties", "Get",
                    arguments: [Self.statusInterface, "IsEnabled"]) { bus, reply in
                var enabled: Int32 = 0
                guard sd_bus_message_enter_container(reply, type("v"), "b") >= 0,
                      sd_bus_message_read_basic(reply, type("b"), &enabled) >= 0, enabled != 0 else {
                    return bus.leave("accessibility is not enabled")
                }
                guard bus.a11y == nil else { return }
                bus.ask(Self.busName, Self.busPath, Self.busName, "GetAddress") { bus, reply in
                    var address: UnsafePointer<CChar>?
                    guard sd_bus_message_read_basic(reply, type("s"), &address) >= 0, let address else { return }
                    bus.join(String(cString: address))
                }
            }
        }
    }

    static let dbusDestination = "org.freedesktop.DBus"

    /// One pending question: `answer` runs with its reply (not on an error reply).
    private final class Question {
        let answer: (AccessibilityBus, OpaquePointer) -> Void
        unowned let bus: AccessibilityBus
        init(_ bus: AccessibilityBus, _ answer: @escaping (AccessibilityBus, OpaquePointer) -> Void) {
            self.bus = bus
            self.answer = answer
        }
    }

    /// A method call on the session bus, answered asynchronously; never auto-starts a service.
    /// The corresponding C functions are `sd_bus_message_new_method_call` and `sd_bus_call_async`.
    private func ask(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     argument: String? = nil, arguments: [String] = [],
                     answer: @escaping (AccessibilityBus, OpaquePointer) -> Void) {
        guard let session else { return }
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(session, &call, destination, path, interface, member) >= 0, let call else { return }
        defer { sd_bus_message_unref(call) }
        _ = sd_bus_message_set_auto_start(call, 0)
        for a in (argument.map { [$0] } ?? []) + arguments where !appendString(call, a) { return }
        callSlot = callSlot.flatMap { sd_bus_slot_unref($0) }
        let question = Unmanaged.passRetained(Question(self, answer))
        let handler: sd_bus_message_handler_t = { reply, userdata, _ in
            guard let userdata else { return 0 }
            let question = Unmanaged<Question>.fromOpaque(userdata).takeUnretainedValue()
            if let reply, sd_bus_message_is_method_error(reply, nil) == 0 { question.answer(question.bus, reply) }
            return 0
        }
        var slot: OpaquePointer?
        guard sd_bus_call_async(session, &slot, call, handler, question.toOpaque(), Self.callTimeout) >= 0, let slot else {
            question.release()
            return
        }
        // The question lives as long as its slot: released when the slot is freed.
        _ = sd_bus_slot_set_destroy_callback(slot) { userdata in
            if let userdata { Unmanaged<Question>.fromOpaque(userdata).release() }
        }
        callSlot = slot
    }

    /// Connects to the accessibility bus at `address`; the `Embed` goes once its `Hello` is
    /// answered (`process`). The corresponding C functions are `sd_bus_new`,
    /// `sd_bus_set_address`, `sd_bus_set_bus_client` and `sd_bus_start`.
    private func join(_ address: String) {
        guard a11y == nil else { return }
        var handle: OpaquePointer?
        guard sd_bus_new(&handle) >= 0, let handle else { return }
        guard sd_bus_set_address(handle, address) >= 0, sd_bus_set_bus_client(handle, 1) >= 0,
              sd_bus_start(handle) >= 0 else {
            Log.info("cannot connect to the accessibility bus at \(Log.quoted(address)); screen readers will not see the toasts",
                     within: &joinLines, now: now())
            _ = sd_bus_close_unref(handle)
            return
        }
        a11y = handle
        let methods: sd_bus_message_handler_t = { message, userdata, error in
            guard let message, let userdata else { return 0 }
            return Unmanaged<AccessibilityBus>.fromOpaque(userdata).takeUnretainedValue().serve(message, error)
        }
        guard sd_bus_add_fallback(handle, &objectSlot, AccessibleObjects.prefix, methods, context) >= 0 else {
            Log.info("cannot publish on the accessibility bus; screen readers will not see the toasts")
            disconnect()
            return
        }
        // `org.a11y.atspi.Cache.GetItems`, which libatspi asks of each new application: an
        // empty cache, so a screen reader asks each object itself and nothing it holds goes stale.
        let cache: sd_bus_message_handler_t = { message, _, _ in
            guard let message, sd_bus_message_is_method_call(message, "org.a11y.atspi.Cache", "GetItems") > 0 else { return 0 }
            var reply: OpaquePointer?
            guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
            defer { sd_bus_message_unref(reply) }
            guard sd_bus_message_open_container(reply, type("a"), "((so)(so)(so)iiassusau)") >= 0,
                  sd_bus_message_close_container(reply) >= 0 else { return -ENOMEM }
            return sd_bus_send(nil, reply, nil) < 0 ? -EIO : 1
        }
        _ = sd_bus_add_object(handle, &cacheSlot, "/org/a11y/atspi/cache", cache, nil)
        awaitingHello = true
    }

    /// Said hello: embeds the root in the registry's desktop. The corresponding C functions are
    /// `sd_bus_get_unique_name` and `sd_bus_call_async` (`org.a11y.atspi.Socket.Embed`).
    private func embed() {
        guard let a11y else { return }
        awaitingHello = false
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(a11y, &name) >= 0, let name else { return disconnect() }
        uniqueName = String(cString: name)
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(a11y, &call, Self.registryName, Self.rootObjectPath, "org.a11y.atspi.Socket", "Embed") >= 0,
              let call else { return disconnect() }
        defer { sd_bus_message_unref(call) }
        guard appendReference(call, ObjectReference(bus: uniqueName, path: Self.rootObjectPath)) else { return disconnect() }
        let answered: sd_bus_message_handler_t = { reply, userdata, _ in
            guard let reply, let userdata else { return 0 }
            let bus = Unmanaged<AccessibilityBus>.fromOpaque(userdata).takeUnretainedValue()
            bus.embedSlot = bus.embedSlot.flatMap { sd_bus_slot_unref($0) }
            if sd_bus_message_is_method_error(reply, nil) != 0 {
                let text = sd_bus_message_get_error(reply)?.pointee.message.map { String(cString: $0) } ?? "no answer"
                Log.info("the accessibility registry refused xtoast (\(Log.quoted(text))); screen readers may not list it",
                         within: &bus.joinLines, now: bus.now())
            } else if let desktop = readReference(reply) {
                bus.desktop = desktop
            }
            return 0
        }
        guard sd_bus_call_async(a11y, &embedSlot, call, answered, context, Self.callTimeout) >= 0 else { return disconnect() }
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
        embedSlot = embedSlot.flatMap { sd_bus_slot_unref($0) }
        objectSlot = objectSlot.flatMap { sd_bus_slot_unref($0) }
        cacheSlot = cacheSlot.flatMap { sd_bus_slot_unref($0) }
        if let a11y { _ = sd_bus_flush_close_unref(a11y) }
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
        [session, a11y].compactMap { bus in
            guard let bus else { return nil }
            let e = sd_bus_get_events(bus)
            return (sd_bus_get_fd(bus), e < 0 ? 0 : Int16(truncatingIfNeeded: e))
        }
    }

    /// When `process` is due without input (sd-bus's timeouts; a held progress change), in
    /// seconds on CLOCK_MONOTONIC; nil for never.
    public var deadline: Double? {
        let buses = [session, a11y].compactMap { bus -> Double? in
            guard let bus else { return nil }
            var usec: UInt64 = 0
            guard sd_bus_get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
            return Double(usec) / 1_000_000
        }
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
        if awaitingHello, let a11y, sd_bus_is_ready(a11y) > 0 { embed() }
        if let bus = session, !drain(bus) { close() }
        if isPublishing, let due = announcer.heldUntil, due <= now() { publish() }
    }

    private func drain(_ bus: OpaquePointer) -> Bool {
        let budget = TurnBudget(clock: now)
        textEdits = 0
        for i in 0..<Self.messagesPerTurn where i == 0 || !budget.isSpent && textEdits < Self.textEditsPerTurn {
            let r = sd_bus_process(bus, nil)
            if r < 0 { return false }
            if r == 0 { break }
        }
        return true
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
        callSlot = callSlot.flatMap { sd_bus_slot_unref($0) }
        ownerSlot = ownerSlot.flatMap { sd_bus_slot_unref($0) }
        statusSlot = statusSlot.flatMap { sd_bus_slot_unref($0) }
        if let session { _ = sd_bus_flush_close_unref(session) }
        session = nil
    }
}

func type(_ letter: String) -> CChar { CChar(bitPattern: letter.utf8.first ?? 0) }

func appendString(_ m: OpaquePointer, _ value: String) -> Bool {
    value.withCString { sd_bus_message_append_basic(m, type("s"), $0) >= 0 }
}

/// An AT-SPI object reference, `(so)`: a bus name and an object path.
struct ObjectReference: Equatable {
    var bus: String
    var path: String
    static let null = ObjectReference(bus: "", path: "/org/a11y/atspi/null")
}

func appendReference(_ m: OpaquePointer, _ reference: ObjectReference) -> Bool {
    guard sd_bus_message_open_container(m, type("r"), "so") >= 0, appendString(m, reference.bus) else { return false }
    let ok = reference.path.withCString { sd_bus_message_append_basic(m, type("o"), $0) >= 0 }
    return ok && sd_bus_message_close_container(m) >= 0
}

func readReference(_ m: OpaquePointer) -> ObjectReference? {
    var name: UnsafePointer<CChar>?, path: UnsafePointer<CChar>?
    guard sd_bus_message_enter_container(m, type("r"), "so") >= 0,
          sd_bus_message_read_basic(m, type("s"), &name) >= 0, sd_bus_message_read_basic(m, type("o"), &path) >= 0,
          let name, let path else { return nil }
    return ObjectReference(bus: String(cString: name), path: String(cString: path))
}
