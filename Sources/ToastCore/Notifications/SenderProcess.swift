/// Who sent a bus call, as the bus recorded it when the sender connected: its process, and
/// its Flatpak sandbox when it runs in one (`SandboxIdentity`). Read once per connection
/// (`SenderCache`); `FocusedApp` compares it with the active window's owner.
public struct SenderProcess: Equatable, Sendable {
    public var pid: Int32
    /// Nil: not sandboxed, or it could not be told.
    public var sandbox: SandboxIdentity?

    public init(pid: Int32, sandbox: SandboxIdentity? = nil) {
        self.pid = pid
        self.sandbox = sandbox
    }
}
