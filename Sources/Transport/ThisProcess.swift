#if canImport(Glibc)
import Glibc
#endif

/// What this process is, as others name it: its pid and the machine's host name (the
/// activation tokens the daemon hands applications start with both).
/// The corresponding C functions are `getpid` and `gethostname`.
public enum ThisProcess {
    public static var pid: Int32 { getpid() }

    /// The host name, "" when the kernel will not say.
    public static var hostName: String {
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, host.count - 1) == 0 else { return "" }
        return String(cString: host)
    }
}
