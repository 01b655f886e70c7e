#if canImport(Glibc)
import Glibc
#endif
import SDBus
import ToastCore
import Transport

/// Reads a bus sender's process and sandbox: its pid as the bus recorded it when the sender
/// connected, then `/proc/PID/root/.flatpak-info`, bounded (`BoundedFile`,
/// `FlatpakInfo.maxBytes`) and parsed strictly (`FlatpakInfo`). `NotificationBus` keeps the
/// answer per connection (`SenderCache`), so this runs once per client.
///
/// Flatpak runs an app's bus proxy inside the app's sandbox, with the same `.flatpak-info`,
/// so the pid the bus names is inside the sandbox even behind the proxy. Snap is left out:
/// its identity would come from the AppArmor label, and its environment variables can be set
/// by any process.
enum SenderSandbox {
    /// The process of `message`'s sender and its sandbox (nil when it has none, or `/proc`
    /// cannot tell: another user's process, one that has gone); nil when the bus cannot tell
    /// the pid. One call to the bus for the sender's pid (`BusMessage.senderCredentials`),
    /// one small file read.
    static func process(of message: BusMessage) -> SenderProcess? {
        guard let pid = message.senderCredentials()?.pid, pid > 1 else { return nil }
        return SenderProcess(pid: pid, sandbox: sandbox(of: pid))
    }

    private static func sandbox(of pid: pid_t) -> SandboxIdentity? {
        let identity = SandboxIdentity(appID: "", pid: pid)
        guard case let .success(bytes) = BoundedFile.read(identity.root + "/.flatpak-info", maxBytes: FlatpakInfo.maxBytes),
              let appID = FlatpakInfo.applicationID(bytes) else { return nil }
        return SandboxIdentity(appID: appID, root: identity.root)
    }
}
