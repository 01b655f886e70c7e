/// Where on the screen a stack of toasts lives.
public enum Position: String, CaseIterable, Sendable {
    case topLeft = "top-left"
    case top
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottom
    case bottomRight = "bottom-right"

    public var isTop: Bool { self == .topLeft || self == .top || self == .topRight }

    /// Horizontal alignment: -1 left, 0 centre, +1 right.
    public var horizontal: Int {
        switch self {
        case .topLeft, .bottomLeft: -1
        case .top, .bottom: 0
        case .topRight, .bottomRight: 1
        }
    }

    /// A stable order for listing stacks: the order the cases are declared in.
    public var order: Int { Position.allCases.firstIndex(of: self) ?? 0 }

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
