#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables as Swift strings: the one reader of `getenv` for the
/// client, the X11 layer and the daemon (the model takes what it needs as parameters).
///
///     let home = Environment.get("HOME") ?? "/"
///     let display = Environment.nonEmpty("DISPLAY")   // nil when unset or ""
///
/// The corresponding C function is `getenv`.
public enum Environment {
    /// The variable's value, or nil when it is unset.
    public static func get(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The variable's value, or nil when it is unset or empty (as a shell's `${NAME:-…}` reads it).
    public static func nonEmpty(_ name: String) -> String? { get(name).flatMap { $0.isEmpty ? nil : $0 } }
}
