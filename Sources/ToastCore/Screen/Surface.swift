/// A card's window as the loop knows it: an opaque number the output hands out.
public struct SurfaceID: Hashable, Sendable, CustomStringConvertible {
    public let raw: UInt
    public init(_ raw: UInt) { self.raw = raw }
    public var description: String { "surface \(raw)" }
}

/// A loading toast's spinner over its card's icon: where, and in which colours.
public struct SpinnerSpec: Equatable, Sendable {
    /// In the surface's own coordinates.
    public var rect: Rect
    public var color: RGBA
    public var background: RGBA

    public init(rect: Rect, color: RGBA, background: RGBA) {
        self.rect = rect
        self.color = color
        self.background = background
    }

    /// One turn a second in this many steps: smooth at 30 fps and cheap; a spinner alone
    /// wakes the loop this often, not at the display's refresh rate.
    public static let stepsPerTurn = 30
}
