/// A sound a toast plays when it arrives.
public enum Sound: Equatable, Sendable {
    /// A name in the freedesktop sound theme (`message-new-instant`, `bell`), looked up by
    /// libcanberra in the user's theme, then `freedesktop`.
    case named(String)
    /// A sound file, by absolute path; the daemon opens it as it opens icons (a regular file
    /// within `SoundChoice.maxFileBytes`, never a FIFO).
    case file(String)
}

/// What a sender asked for: the specification's `sound-name`, `sound-file` and
/// `suppress-sound` hints (a socket toast has none).
public struct SoundHints: Equatable, Sendable {
    public var name: String?
    public var file: String?
    public var suppress = false

    public init(name: String? = nil, file: String? = nil, suppress: Bool = false) {
        self.name = name
        self.file = file
        self.suppress = suppress
    }
}

/// A rule's `sound` setting: a sound, or `none` (silent whatever the sender asked).
public enum RuleSound: Equatable, Sendable {
    case none
    case play(Sound)
}

/// Whether a toast plays a sound, and which: decided once, when it is admitted.
///
///     SoundChoice.decide(for: toast, action: .show, hints: SoundHints(name: "bell"), rule: nil,
///                        config: config, held: board.doNotDisturb || board.holdsBack(id))   // .named("bell")
///
/// Silent when sound is off (`[sound] enabled = no`), while the toast is held (do-not-disturb,
/// and what the board holds a monitor for), for a repeat, and for a toast a rule skips or
/// drops. Otherwise the user's word comes first: a rule's `sound` (`none` silences), then the
/// sender's `suppress-sound`, `sound-file` and `sound-name`, then `[sound] critical` for a
/// critical toast. A toast that waited behind a hold shows silently later: only arrival sounds.
public enum SoundChoice {
    /// Larger sound files are refused before libcanberra opens them (the icons' cap: a
    /// notification sound is a second or two).
    public static let maxFileBytes = 16 << 20

    public static func decide(for toast: Toast, action: Admission.Action, hints: SoundHints, rule: RuleSound?,
                              config: Config, held: Bool) -> Sound? {
        guard config.soundEnabled, !held else { return nil }
        switch action {
        case .show, .supersede, .replace, .takeOver: break
        // Into the open centre: silent, as a toast that waits behind a hold.
        case .skipDisplay, .drop, .snooze, .focused, .suppress, .repeatOf, .intoCenter, .keepInCenter, .fold, .sameAs: return nil
        }
        switch rule {
        case .none?: return nil
        case let .play(sound)?: return sound
        case nil: break
        }
        if hints.suppress { return nil }
        if let file = hints.file, let path = filePath(file) { return .file(path) }
        if let name = hints.name, isThemeName(name) { return .named(name) }
        if toast.urgency == .critical, let name = config.criticalSound { return .named(name) }
        return nil
    }

    /// A rule's or the config's value: `none`, an absolute path or `file://` URI (a file), or
    /// a sound-theme name; nil when it is neither.
    public static func parse(_ value: String) -> RuleSound? {
        if value.lowercased() == "none" { return RuleSound.none }
        if value.hasPrefix("/") || value.hasPrefix("file://") { return filePath(value).map { .play(.file($0)) } }
        return isThemeName(value) ? .play(.named(value)) : nil
    }

    /// `[sound] critical`'s value, checked.
    static func themeName(_ value: String) throws(ConfigProblem) -> String {
        guard isThemeName(value) else {
            throw ConfigProblem("expected a sound-theme name such as message-new-instant, or none, got '\(value)'")
        }
        return value
    }

    /// A sound-theme name: letters, digits, `-`, `_` and `.`, at most `NotificationLimits.maxNameBytes`
    /// bytes (`dialog-warning`, `message-new-instant`); nothing that reads as a path.
    public static func isThemeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= NotificationLimits.maxNameBytes && name != "." && name != ".."
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }

    /// An absolute path, or a local `file://` URI decoded to one; nil for anything else.
    static func filePath(_ value: String) -> String? {
        guard value.utf8.count <= ProtocolLimits.maxIconBytes, !value.contains("\0") else { return nil }
        if value.hasPrefix("file://") {
            let rest = value.dropFirst("file://".count)
            guard rest.hasPrefix("/") else { return nil }
            return IconLookup.percentDecoded(rest)
        }
        return value.hasPrefix("/") ? value : nil
    }
}
