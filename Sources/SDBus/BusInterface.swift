import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus interface described in Swift, exported with `BusConnection.export`: sd-bus checks
/// calls against it and introspects it. Serving another interface is a description and its
/// `Handlers`; nothing new in C.
///
///     let greeter = BusInterface("org.example.Greeter", [
///         .method("Greet", takes: "s", names: ["name"], returns: "s", resultNames: ["greeting"]),
///         .property("Greeted", "u", change: .emits),
///         .signal("Greeted", "s", names: ["name"]),
///     ])
public struct BusInterface: Sendable {
    public let name: String
    public let members: [Member]

    public init(_ name: String, _ members: [Member]) {
        self.name = name
        self.members = members
    }

    public enum Member: Sendable {
        /// A method taking `takes` and answering `returns` (signatures), any user may call it.
        case method(String, takes: String, names: [String] = [], returns: String, resultNames: [String] = [])
        /// A property of type `signature`; `writable` ones are `Set` through `Handlers.set`.
        case property(String, String, writable: Bool = false, change: PropertyChange)
        /// A signal of type `signature`.
        case signal(String, String, names: [String] = [])
    }

    /// What `PropertiesChanged` says of a property (introspected as its
    /// `EmitsChangedSignal` annotation).
    public enum PropertyChange: Sendable {
        /// Announced with its value when it changes (`SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE`).
        case emits
        /// Never announced: read it when needed (flags 0).
        case unannounced
    }

    /// Who answers an exported interface. `method` gets every call (dispatch on
    /// `message.member`) and sends the reply itself (`message.reply`); `get` appends a
    /// property's value to the reply it is given; `set` reads a new value from the message
    /// given, positioned at it. An unknown property's name throws `ENOENT`.
    public struct Handlers {
        public var method: (BusMessage) -> HandlerResult
        public var get: (_ property: String, _ reply: BusMessage) throws -> Void
        public var set: (_ property: String, _ value: BusMessage) throws -> Void

        public init(method: @escaping (BusMessage) -> HandlerResult,
                    get: @escaping (_ property: String, _ reply: BusMessage) throws -> Void = { _, _ in throw BusError(errno: ENOENT) },
                    set: @escaping (_ property: String, _ value: BusMessage) throws -> Void = { _, _ in throw BusError(errno: ENOENT) }) {
            self.method = method
            self.get = get
            self.set = set
        }
    }
}

/// An exported interface's C side: its vtable and the strings it points to, which sd-bus
/// reads for as long as the slot lives (the slot keeps this object), and the handlers its
/// entries reach through `userdata`.
final class ExportedInterface {
    let handlers: BusInterface.Handlers
    /// `SD_BUS_VTABLE_START`, the members, `SD_BUS_VTABLE_END`.
    let table: UnsafeMutablePointer<sd_bus_vtable>
    private let count: Int
    /// Every C string the table names (members, signatures, parameter names), freed last.
    private var strings: [UnsafeMutablePointer<CChar>] = []

    init(_ interface: BusInterface, _ handlers: BusInterface.Handlers) {
        self.handlers = handlers
        count = interface.members.count + 2
        table = .allocate(capacity: count)
        var entries = [xt_vtable_start()]
        for member in interface.members {
            switch member {
            case let .method(name, takes, names, returns, resultNames):
                entries.append(xt_vtable_method(keep(name), keep(takes), keep(returns), keepNames(names + resultNames), dispatchMethod))
            case let .property(name, signature, writable, change):
                let flags = change == .emits ? UInt64(SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE) : 0
                // Writable properties may be set by any user of the bus, as methods may be called.
                entries.append(xt_vtable_property(keep(name), keep(signature), getProperty, writable ? setProperty : nil,
                                                  writable ? flags | UInt64(SD_BUS_VTABLE_UNPRIVILEGED) : flags))
            case let .signal(name, signature, names):
                entries.append(xt_vtable_signal(keep(name), keep(signature), keepNames(names)))
            }
        }
        entries.append(xt_vtable_end())
        table.initialize(from: entries, count: count)
    }

    deinit {
        table.deinitialize(count: count)
        table.deallocate()
        for string in strings { string.deallocate() }
    }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func keep(_ text: String) -> UnsafeMutablePointer<CChar> { keep(bytes: Array(text.utf8) + [0]) }

    /// Parameter names as sd-bus reads them: each ended by a NUL, the list by another.
    private func keepNames(_ names: [String]) -> UnsafeMutablePointer<CChar> {
        keep(bytes: names.flatMap { Array($0.utf8) + [0] } + [0])
    }

    private func keep(bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
        strings.append(copy)
        return copy
    }
}

/// The C callback of every exported method: the interface's `Handlers.method`.
private func dispatchMethod(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                            _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata else { return -EINVAL }
    let exported = Unmanaged<ExportedInterface>.fromOpaque(userdata).takeUnretainedValue()
    return exported.handlers.method(BusMessage(borrowing: message)).code(error)
}

/// The C callback of every exported property's `Get` (and `GetAll`, `PropertiesChanged`):
/// the interface's `Handlers.get`, 0 or a negative errno.
private func getProperty(_ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                         _ property: UnsafePointer<CChar>?, _ reply: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                         _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let property, let reply, let userdata else { return -EINVAL }
    let exported = Unmanaged<ExportedInterface>.fromOpaque(userdata).takeUnretainedValue()
    do { try exported.handlers.get(String(cString: property), BusMessage(borrowing: reply)) } catch { return -failureCode(of: error) }
    return 0
}

/// The C callback of every writable property's `Set`: the interface's `Handlers.set`.
private func setProperty(_ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                         _ property: UnsafePointer<CChar>?, _ value: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                         _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let property, let value, let userdata else { return -EINVAL }
    let exported = Unmanaged<ExportedInterface>.fromOpaque(userdata).takeUnretainedValue()
    do { try exported.handlers.set(String(cString: property), BusMessage(borrowing: value)) } catch { return -failureCode(of: error) }
    return 0
}
