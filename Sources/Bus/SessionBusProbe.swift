import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// Questions `xtoast doctor` asks the session bus, on a connection of its own that owns
/// nothing and starts nothing: every question about a name first checks that someone owns
/// it, so an activatable service (`org.a11y.Bus`, systemd's stub) is never started by asking.
public final class SessionBusProbe {
    private let bus: OpaquePointer

    /// Connects to the session bus; the failure's words when there is none. The
    /// corresponding C function is `sd_bus_open_user`.
    public static func open() -> Result<SessionBusProbe, ProbeFailure> {
        var handle: OpaquePointer?
        let r = sd_bus_open_user(&handle)
        guard r >= 0, let handle else { return .failure(ProbeFailure(message: String(cString: strerror(-r)))) }
        return .success(SessionBusProbe(handle))
    }

    public struct ProbeFailure: Error {
        public let message: String
    }

    private init(_ bus: OpaquePointer) { self.bus = bus }

    deinit { sd_bus_flush_close_unref(bus) }

    /// Whether `name` has an owner, and its process id when the bus tells (nil pid: owned,
    /// pid unknown). Nil when nobody owns it. The corresponding C functions are
    /// `sd_bus_get_name_creds` (on dbus-daemon, `GetNameOwner` and
    /// `GetConnectionUnixProcessID`) and `sd_bus_creds_get_pid`.
    public func owner(of name: String) -> NameOwner? {
        var creds: OpaquePointer?
        guard sd_bus_get_name_creds(bus, name, UInt64(SD_BUS_CREDS_PID), &creds) >= 0, let creds else { return nil }
        defer { sd_bus_creds_unref(creds) }
        var pid: pid_t = 0
        return NameOwner(pid: sd_bus_creds_get_pid(creds, &pid) >= 0 && pid > 0 ? pid : nil)
    }

    public struct NameOwner {
        public let pid: Int32?
    }

    /// The systemd user manager's `Environment` property; nil when no manager owns
    /// `org.freedesktop.systemd1` on this bus. The corresponding C function is `sd_bus_get_property_strv`.
    public func systemdEnvironment() -> [String]? {
        guard owner(of: "org.freedesktop.systemd1") != nil else { return nil }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard sd_bus_get_property_strv(bus, "org.freedesktop.systemd1", "/org/freedesktop/systemd1",
                                       "org.freedesktop.systemd1.Manager", "Environment", &error, &list) >= 0,
              let list else { return nil }
        defer { free(list) }
        var values: [String] = []
        var i = 0
        // A manager's environment is a few dozen lines; more than this is not one.
        while let item = list[i] {
            if values.count < 4096 { values.append(String(cString: item)) }
            free(item)
            i += 1
        }
        return values
    }

    /// `org.a11y.Status`' `IsEnabled` and `ScreenReaderEnabled` on `org.a11y.Bus`; nil when
    /// nobody owns `org.a11y.Bus`. The corresponding C function is `sd_bus_get_property_trivial`.
    public func accessibilityStatus() -> (enabled: Bool, screenReader: Bool)? {
        guard owner(of: "org.a11y.Bus") != nil else { return nil }
        func flag(_ property: String) -> Bool {
            var error = sd_bus_error()
            defer { sd_bus_error_free(&error) }
            var value: Int32 = 0
            let r = sd_bus_get_property_trivial(bus, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Status", property,
                                                &error, CChar(bitPattern: UInt8(ascii: "b")), &value)
            return r >= 0 && value != 0
        }
        return (flag("IsEnabled"), flag("ScreenReaderEnabled"))
    }
}
