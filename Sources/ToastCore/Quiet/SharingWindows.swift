import Patterns

/// Quiet while the screen is shared (`[quiet] while_window`): on X11 nothing tells a
/// notification server that a screen is shared, but the sharing programs map a window that
/// says so in its title or `WM_CLASS` (Firefox's "Firefox — Sharing Indicator", Chromium's
/// "… is sharing your screen." bar). The X layer reports other clients' top-level windows
/// as they come, go and change their names; this table decides which of them match.
///
/// Any X client can make windows and rename them in a loop, so everything here is bounded:
/// `capacity` windows (past it a new one is not tracked, and the X layer is told so), names
/// cut at `maxNameBytes`, and the X layer reads at most a fixed number of names per turn.
public struct SharingWindows: Equatable, Sendable {
    /// What is known of one tracked window.
    public struct Entry: Equatable, Sendable {
        public var mapped: Bool
        /// Nil until its names have been read (and again after a rename was heard of).
        public var identity: WindowIdentity?
    }

    /// Windows tracked at most: a desktop has tens of top-level windows.
    public static let capacity = 512
    /// The longest title or class kept, in bytes; a longer one is cut (at a character).
    public static let maxNameBytes = 256

    public private(set) var entries: [UInt: Entry] = [:]

    public init() {}

    /// A top-level window was made or heard of. False when the table is full (not tracked).
    @discardableResult
    public mutating func created(_ window: UInt, mapped: Bool) -> Bool {
        if entries[window] != nil {
            entries[window]?.mapped = mapped
            return true
        }
        guard entries.count < Self.capacity else { return false }
        entries[window] = Entry(mapped: mapped, identity: nil)
        return true
    }

    /// Mapped (tracked first if it was not). False when the table is full.
    @discardableResult
    public mutating func mapped(_ window: UInt) -> Bool { created(window, mapped: true) }

    public mutating func unmapped(_ window: UInt) { entries[window]?.mapped = false }

    public mutating func removed(_ window: UInt) { entries[window] = nil }

    /// Its title or class changed: read again.
    public mutating func renamed(_ window: UInt) { entries[window]?.identity = nil }

    /// The names the X layer read (each cut to `maxNameBytes`).
    public mutating func read(_ window: UInt, identity: WindowIdentity) {
        guard entries[window] != nil else { return }
        entries[window]?.identity = WindowIdentity(instance: identity.instance.map(Self.cut), className: identity.className.map(Self.cut),
                                                   name: identity.name.map(Self.cut))
    }

    /// Keeps only `windows` (a new `_NET_CLIENT_LIST`), tracking the new ones, taken as
    /// mapped (the window manager manages them), up to `capacity`; the known ones keep what
    /// their own map and unmap events said.
    public mutating func replace(with windows: [UInt]) {
        let keep = Set(windows)
        entries = entries.filter { keep.contains($0.key) }
        for window in windows where entries[window] == nil { created(window, mapped: true) }
    }

    /// Whether names wait to be read (the X layer asks for another turn).
    public var hasUnread: Bool { entries.values.contains { $0.mapped && $0.identity == nil } }

    /// Mapped windows whose names are not read yet, at most `limit` of them (the X layer's
    /// budget of property reads this turn), lowest id first so the choice is stable.
    public func unread(limit: Int) -> [UInt] {
        guard limit > 0 else { return [] }
        return Array(entries.filter { $0.value.mapped && $0.value.identity == nil }.keys.sorted().prefix(limit))
    }

    /// The title (or class) of each mapped window that matches, lowest id first.
    public func matching(_ patterns: [SharingPattern]) -> [String] {
        guard !patterns.isEmpty else { return [] }
        return entries.keys.sorted().compactMap { window in
            guard let entry = entries[window], entry.mapped, let identity = entry.identity,
                  patterns.contains(where: { $0.matches(identity) }) else { return nil }
            return identity.name ?? identity.className ?? identity.instance ?? ""
        }
    }

    static func cut(_ text: String) -> String {
        guard text.utf8.count > maxNameBytes else { return text }
        var out = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += scalar.utf8.count
            if bytes > maxNameBytes { break }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

/// One `while_window` pattern: a glob, without case, on a window's title (`_NET_WM_NAME`,
/// else `WM_NAME`) or either part of its `WM_CLASS`.
public struct SharingPattern: Equatable, Sendable {
    public var text: String
    let glob: GlobPattern

    public init(_ text: String) {
        self.text = text
        glob = GlobPattern(text.lowercased())
    }

    public func matches(_ identity: WindowIdentity) -> Bool {
        [identity.name, identity.instance, identity.className].contains { $0.map { glob.matches($0.lowercased()) } ?? false }
    }

    /// Patterns a config may add (`while_window` lines), past the defaults.
    public static let maxPatterns = 32
    public static let maxPatternBytes = 256

    /// The defaults; docs/guide.md's do-not-disturb section names each with where it comes from.
    /// Firefox: the title of its WebRTC indicator window (`webrtcIndicator.xhtml`, en-US).
    /// Chromium and Chrome: the screen-capture bar's text, "%s is sharing your screen." and
    /// "%s is sharing a window." (en-US). Zoom: its share toolbar window `as_toolbar`, and
    /// Teams: "Screen sharing toolbar | Microsoft Teams"; these two from public reports of
    /// scripts that watch for them, not verified here.
    public static let defaults: [SharingPattern] = [
        "*— Sharing Indicator", "*- Sharing Indicator",
        "* is sharing your screen*", "* is sharing a window*",
        "as_toolbar",
        "*sharing toolbar*microsoft teams*",
    ].map(SharingPattern.init)

    /// A `while_window` value, checked.
    package static func parse(_ value: String) throws(ConfigProblem) -> SharingPattern {
        guard !value.isEmpty else { throw ConfigProblem("expected a pattern on a window's title or class, or none") }
        guard value.utf8.count <= maxPatternBytes else { throw ConfigProblem("a pattern of at most \(maxPatternBytes) bytes") }
        return SharingPattern(value)
    }
}

extension QuietSettings {
    /// The patterns in force: the defaults (unless `while_window = none`), then the config's.
    public var sharingPatterns: [SharingPattern] { (sharingDefaults ? SharingPattern.defaults : []) + whileWindows }
}
