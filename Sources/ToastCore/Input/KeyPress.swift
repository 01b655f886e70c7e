/// A key pressed while the screen's keyboard is ours (the centre's panel or focus mode grabs
/// it): the one vocabulary both read, the keys they act on by name, anything else as the text
/// it types.
public struct KeyPress: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        case up, down, left, right, tab, pageUp, pageDown, home, end, enter, delete, backspace, escape
        /// The space bar and the digit keys: named for focus mode, and still typing their
        /// `text` (" ", "1", "!" with Shift) into the centre's filter.
        case space
        case digit(Int)
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

    /// The panel's reading of a key from the screen: the keys it acts on by their keysym
    /// names (the keypad's too), anything else as what it types.
    public init(_ stroke: KeyStroke) {
        let named: Key? = switch stroke.key {
        case "Up", "KP_Up": .up
        case "Down", "KP_Down": .down
        case "Left", "KP_Left": .left
        case "Right", "KP_Right": .right
        case "Tab": .tab
        case "space": .space
        case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9": Int(stroke.key).map { .digit($0) }
        case "Prior", "KP_Prior", "Page_Up": .pageUp
        case "Next", "KP_Next", "Page_Down": .pageDown
        case "Home", "KP_Home": .home
        case "End", "KP_End": .end
        case "Return", "KP_Enter": .enter
        case "Delete", "KP_Delete": .delete
        case "BackSpace": .backspace
        case "Escape": .escape
        default: nil
        }
        let types = switch named { case nil, .space?, .digit?: true; default: false }
        self.init(named ?? .text, text: types ? stroke.text : "", shift: stroke.modifiers.contains(.shift),
                  command: !stroke.modifiers.isDisjoint(with: [.control, .alt]))
    }
}
