/// A key with its modifiers, as the config writes it: `ctrl+space`, `super+shift+n`.
///
/// The key is an X keysym's name as `xev` prints it (`space`, `n`, `Escape`, `F12`,
/// `XF86AudioMute`); only the screen can tell whether one exists (`XStringToKeysym`), so
/// here it is checked for its spelling alone and the daemon logs a name the server does not know.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public var modifiers: KeyModifiers
    public var key: String

    public init(_ modifiers: KeyModifiers = [], _ key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Keysym names are letters, digits and `_` (`KP_Enter`, `XF86Mail`); the longest X
    /// defines is well under this.
    public static let maxKeyNameBytes = 64

    /// Parses `MOD+MOD+KEY`. Modifier names are compared ignoring case; the key is kept as
    /// written (`XStringToKeysym` tells `n` from `N`).
    public static func parse(_ text: String) throws(KeySpecError) -> KeyChord {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingBlanks() }
        guard let key = parts.last, !key.isEmpty else {
            throw KeySpecError("'\(text)' names no key; write it like ctrl+space or super+shift+n")
        }
        guard key.utf8.count <= maxKeyNameBytes, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw KeySpecError("'\(key)' is not a key name (names are as xev prints them: space, n, Return, F12)")
        }
        var modifiers: KeyModifiers = []
        for name in parts.dropLast() {
            guard let modifier = KeyModifiers(name: String(name)) else {
                throw KeySpecError("'\(name)' is not a modifier; expected ctrl, shift, alt (mod1) or super (mod4)")
            }
            modifiers.insert(modifier)
        }
        return KeyChord(modifiers, String(key))
    }

    /// As the config would write it: `ctrl+shift+n`.
    public var description: String { (modifiers.names + [key]).joined(separator: "+") }
}

/// The modifiers a key binding may ask for. Caps Lock and Num Lock are not among them: they
/// never change what a bound key does.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let control = KeyModifiers(rawValue: 1)
    public static let shift = KeyModifiers(rawValue: 2)
    /// Alt, X's Mod1.
    public static let alt = KeyModifiers(rawValue: 4)
    /// The Windows or Command key, X's Mod4.
    public static let `super` = KeyModifiers(rawValue: 8)

    init?(name: String) {
        switch name.lowercased() {
        case "ctrl", "control": self = .control
        case "shift": self = .shift
        case "alt", "mod1": self = .alt
        case "super", "mod4", "win": self = .super
        default: return nil
        }
    }

    var names: [String] {
        [(KeyModifiers.control, "ctrl"), (.shift, "shift"), (.alt, "alt"), (.super, "super")].filter { contains($0.0) }.map(\.1)
    }
}

/// Why a key binding could not be read.
public struct KeySpecError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a bound key does: the `[keys]` section's names.
public enum KeyAction: String, CaseIterable, Sendable {
    /// The newest visible toast ends as closed (`xtoast dismiss`).
    case dismiss
    /// Every toast ends as closed.
    case dismissAll = "dismiss_all"
    /// The newest visible toast with a default action chooses it (`xtoast invoke`).
    case invoke
    case restore
    case menu
    /// Keyboard focus on the cards (`xtoast focus`).
    case focus
    /// The notification centre opens or closes (`xtoast center`).
    case center

    /// Grabbed only while a card is on screen, so the key does what it did before whenever
    /// there is nothing to act on; `restore`, `menu` and `center` work on history too, so always.
    public var needsVisibleCard: Bool {
        switch self {
        case .dismiss, .dismissAll, .invoke, .focus: true
        case .restore, .menu, .center: false
        }
    }

    /// What pressing it means now; nil when it means nothing. The toast it acts on is the
    /// board's `newest(for:)`, the same one the socket's command chooses.
    public func intent(on board: Board) -> UserIntent? {
        switch self {
        case .dismiss: board.newest(for: .any).map { .dismiss(id: $0.id, reason: .close) }
        case .dismissAll: board.newest(for: .any) == nil ? nil : .dismissAll
        case .invoke: board.newest(for: .defaultAction).flatMap { toast in toast.defaultAction.map { .invoke(id: toast.id, action: $0) } }
        case .restore: .restore
        case .menu: .menu
        case .focus: board.newest(for: .any) == nil ? nil : .startFocus
        case .center: .toggleCenter
        }
    }
}

/// The `[keys]` section: which key (if any) does each `KeyAction`. All unset by default, so
/// xtoast grabs nothing unless asked.
public struct KeyBindings: Equatable, Sendable {
    public var chords: [KeyAction: KeyChord] = [:]
    public init() {}

    public subscript(action: KeyAction) -> KeyChord? {
        get { chords[action] }
        set { chords[action] = newValue }
    }

    /// The keys to hold now: every bound one, or only those that work without a card while
    /// none is visible.
    public func grabbed(cardVisible: Bool) -> [KeyAction: KeyChord] {
        chords.filter { cardVisible || !$0.key.needsVisibleCard }
    }
}
