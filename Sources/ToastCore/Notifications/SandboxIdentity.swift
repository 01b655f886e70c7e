/// What a notification's sender is, by its sandbox rather than its word: the application id
/// Flatpak wrote into the sandbox (`FlatpakInfo`), and the sandbox's root as the daemon sees
/// it (`/proc/PID/root`), where the paths the sender names exist.
///
/// A fact about sandboxed apps, not a proof: a sandboxed app cannot change its id, but an
/// unsandboxed program can build a sandbox of its own around a `.flatpak-info` it wrote.
public struct SandboxIdentity: Equatable, Sendable {
    /// The verified application id (`org.mozilla.firefox`).
    public var appID: String
    /// The sandbox's root seen from outside, without a trailing slash (`/proc/4242/root`).
    public var root: String

    public init(appID: String, root: String) {
        self.appID = appID
        self.root = root
    }

    /// The sender's root for `pid` (a process the bus named).
    public init(appID: String, pid: Int32) {
        self.init(appID: appID, root: "/proc/\(pid)/root")
    }

    /// A path or `file://` URI the sender named, as a path inside its root; a theme icon name
    /// unchanged; nil for a path that cannot be meant inside the sandbox (relative, `~`, a
    /// malformed URI) or that climbs out of it with `..` (which, from the root of another
    /// mount namespace, would reach the daemon's own files).
    public func hostPath(_ spec: String) -> String? {
        var path = spec
        if spec.hasPrefix("file://") {
            let rest = spec.dropFirst("file://".count)
            guard rest.hasPrefix("/"), let decoded = IconLookup.percentDecoded(rest) else { return nil }
            path = decoded
        } else if !spec.hasPrefix("/") {
            return spec.hasPrefix("~") || spec.contains("/") ? nil : spec
        }
        guard !path.split(separator: "/").contains("..") else { return nil }
        return root + path
    }
}

extension NotifyCall {
    /// The call as its sandbox says: the verified id replaces the `desktop-entry` hint (so
    /// rules, snoozes, bursts, limits and the centre's groups follow the sandbox, not the
    /// claim), and the image and sound paths it names are read inside its root. `appName`
    /// stays the sender's own word: it is only the name shown. A path that cannot be meant
    /// inside the sandbox is dropped (the card falls back to the application's icon).
    public func filed(as identity: SandboxIdentity) -> NotifyCall {
        var call = self
        call.hints["desktop-entry"] = .string(identity.appID)
        for key in ["image-path", "image_path", "sound-file"] {
            guard let spec = call.hints[key]?.string else { continue }
            call.hints[key] = identity.hostPath(spec).map { .string($0) }
        }
        call.appIcon = identity.hostPath(call.appIcon) ?? ""
        return call
    }
}

/// What the daemon read once about each bus connection that sent a `Notify` (its process and
/// sandbox: `SenderProcess`), read once per connection (a unique name is never reused on a
/// bus: asking the bus is a round trip) and forgotten when it leaves. Bounded: past
/// `maxConnections`, the oldest is forgotten and read again if it calls again.
public struct SenderCache<Value: Sendable>: Sendable {
    /// Connections remembered at most: a desktop has a few dozen notifying applications.
    public static var maxConnections: Int { 256 }

    private var known: [String: Value?] = [:]
    /// Oldest first, for eviction.
    private var order: [String] = []

    public init() {}

    /// How many connections are remembered.
    public var count: Int { known.count }

    /// What is known of the connection `name`, from `read` the first time (nil: nothing could
    /// be told, which is remembered too).
    public mutating func identity(of name: String, read: () -> Value?) -> Value? {
        if let cached = known[name] { return cached }
        if order.count >= Self.maxConnections { known[order.removeFirst()] = nil }
        let identity = read()
        known[name] = .some(identity)
        order.append(name)
        return identity
    }

    /// The connection `name` left the bus.
    public mutating func forget(_ name: String) {
        guard known.removeValue(forKey: name) != nil else { return }
        order.removeAll { $0 == name }
    }
}
