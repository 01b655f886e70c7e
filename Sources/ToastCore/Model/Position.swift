/// Where a stack of cards sits: a corner, the middle of an edge, or (dunst's `origin`
/// left-center, right-center and center) the middle of the screen's height.
public enum Position: String, CaseIterable, Sendable {
    case topLeft = "top-left"
    case top
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottom
    case bottomRight = "bottom-right"
    /// Against the left side, centred vertically (dunst's `left-center`).
    case left
    /// Against the right side, centred vertically (dunst's `right-center`).
    case right
    /// The middle of the screen (dunst's `center`).
    case center

    /// Against the top edge: the newest card nearest it, the stack growing downward.
    public var isTop: Bool { vertical == -1 }
    /// Against the bottom edge: the stack grows upward and a card keeps its bottom edge.
    public var isBottom: Bool { vertical == 1 }

    /// Horizontal alignment: -1 left, 0 centre, +1 right.
    public var horizontal: Int {
        switch self {
        case .topLeft, .bottomLeft, .left: -1
        case .top, .bottom, .center: 0
        case .topRight, .bottomRight, .right: 1
        }
    }

    /// Vertical alignment: -1 top, 0 middle (the whole stack centred, growing downward), +1 bottom.
    public var vertical: Int {
        switch self {
        case .topLeft, .top, .topRight: -1
        case .left, .center, .right: 0
        case .bottomLeft, .bottom, .bottomRight: 1
        }
    }

    /// A stable order for listing stacks: the order the cases are declared in.
    public var order: Int { Position.allCases.firstIndex(of: self) ?? 0 }

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
