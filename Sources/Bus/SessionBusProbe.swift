import SDBus

/// Questions `xtoast doctor` asks the session bus, on a connection of its own that owns
/// nothing and starts nothing: every question about a name first checks that someone owns
/// it, so an activatable service (`org.a11y.Bus`, systemd's stub) is never started by asking.
public final class SessionBusProbe {
    private let bus: BusConnection

    /// Connects to the session bus; the failure's words when there is none.
    public static func open() -> Result<SessionBusProbe, ProbeFailure> {
        BusConnection.session().map(SessionBusProbe.init).mapError { ProbeFailure(message: $0.description) }
    }

    public struct ProbeFailure: Error {
        public let message: String
    }

    private init(_ bus: BusConnection) { self.bus = bus }

    /// Whether `name` has an owner, and its process id when the bus tells (nil pid: owned,
    /// pid unknown). Nil when nobody owns it.
    public func owner(of name: String) -> NameOwner? {
        guard let credentials = bus.credentials(ofName: name) else { return nil }
        return NameOwner(pid: credentials.pid.flatMap { $0 > 0 ? $0 : nil })
    }

    public struct NameOwner {
        public let pid: Int32?
    }

    /// The systemd user manager's `Environment` property; nil when no manager owns
    /// `org.freedesktop.systemd1` on this bus.
    public func systemdEnvironment() -> [String]? {
        guard owner(of: "org.freedesktop.systemd1") != nil else { return nil }
        // A manager's environment is a few dozen lines; more than this is not one.
        return bus.stringsProperty(destination: "org.freedesktop.systemd1", path: "/org/freedesktop/systemd1",
                                   interface: "org.freedesktop.systemd1.Manager", member: "Environment", limit: 4096)
    }

    /// `org.a11y.Status`' `IsEnabled` and `ScreenReaderEnabled` on `org.a11y.Bus`; nil when
    /// nobody owns `org.a11y.Bus`.
    public func accessibilityStatus() -> (enabled: Bool, screenReader: Bool)? {
        guard owner(of: "org.a11y.Bus") != nil else { return nil }
        func flag(_ property: String) -> Bool {
            bus.boolProperty(destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Status", member: property) ?? false
        }
        return (flag("IsEnabled"), flag("ScreenReaderEnabled"))
    }
}
