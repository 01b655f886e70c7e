import CSDBus

/// What a handler tells sd-bus about a message it was given (a method call, a signal its
/// match caught, an asynchronous call's reply).
public enum HandlerResult: Equatable {
    /// Answered (the reply was sent): sd-bus looks no further.
    case handled
    /// Not this handler's to answer: sd-bus goes on, to other matches for a signal, or answers
    /// `UnknownMethod` / `UnknownObject` for a call nobody takes.
    case passOn
    /// sd-bus answers the call with this D-Bus error.
    case error(name: String, message: String)
    /// sd-bus answers the call with the D-Bus error of this errno.
    case failed(BusError)

    /// `org.freedesktop.DBus.Error.InvalidArgs` with `message`.
    public static func invalidArgs(_ message: String) -> HandlerResult { .error(name: BusErrorName.invalidArgs, message: message) }

    /// As an sd-bus handler returns it: 1, 0 or a negative errno, the error set in `error`.
    /// The corresponding C function is `sd_bus_error_set`.
    func code(_ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        switch self {
        case .handled: 1
        case .passOn: 0
        case let .error(name, message): sd_bus_error_set(error, name, message)
        case let .failed(failure): -failure.errno
        }
    }
}
