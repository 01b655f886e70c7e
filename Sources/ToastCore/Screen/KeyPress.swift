/// A key pressed while the screen's keyboard is ours (the centre's panel grabs it), decoded by
/// the output: the keys the panel acts on by name, anything else as the text it types.
public struct KeyPress: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        case up, down, pageUp, pageDown, home, end, enter, delete, backspace, escape
        /// A key that types `text` (possibly none: a modifier, a function key).
        case text
    }

    public var key: Key
    /// What the key types in the keyboard's layout ("C" with Shift); empty for named keys.
    public var text: String
    public var shift: Bool
    /// Control or Alt (Mod1) held: such a key types nothing into a filter.
    public var command: Bool

    public init(_ key: Key, text: String = "", shift: Bool = false, command: Bool = false) {
        self.key = key
        self.text = text
        self.shift = shift
        self.command = command
    }

    /// A key that types `text`.
    public static func typing(_ text: String, shift: Bool = false) -> KeyPress { KeyPress(.text, text: text, shift: shift) }
}
