#if canImport(Glibc)
import Glibc
#endif

/// Starts the daemon and runs it until a signal; returns the process exit code.
/// Exits 1 with one line on stderr when there is no display or a live daemon holds the socket.
public func runDaemon() -> Int32 {
    do {
        let daemon = try ToastDaemon(configPath: ConfigFile.defaultPath())
        return daemon.run()
    } catch {
        Log.info(error.message)
        return 1
    }
}
