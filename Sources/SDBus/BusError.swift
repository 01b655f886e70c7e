#if canImport(Glibc)
import Glibc
#endif

/// A failed sd-bus call, by its errno (sd-bus returns `-errno`).
public struct BusError: Error, Equatable {
    public let errno: Int32

    public init(errno: Int32) { self.errno = errno }

    /// The errno's words, for the log. The corresponding C function is `strerror`.
    public var description: String { String(cString: strerror(errno)) }
}

/// `r` when sd-bus succeeded; its errno thrown when it failed.
@discardableResult
func check(_ r: Int32) throws(BusError) -> Int32 {
    if r < 0 { throw BusError(errno: -r) }
    return r
}

/// A thrown error as sd-bus's errno: a `BusError`'s own, `EINVAL` for anything else.
func failureCode(of error: any Error) -> Int32 { (error as? BusError)?.errno ?? EINVAL }

/// The names of the standard D-Bus errors that xtoast's interfaces answer with.
public enum BusErrorName {
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    /// No one owns the name called, and the bus cannot start a service for it.
    public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
}
