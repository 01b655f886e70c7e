/// The notification centre's `[center]` settings: how wide its panel is, which edge it opens
/// at, and whether its entries gather under their application.
public struct CenterSettings: Equatable, Sendable {
    /// Points at scale 1, narrowed to the monitor's work area.
    public var width: Double = 420
    public var side: CenterSide = .right
    public var group: CenterGrouping = .app

    public init() {}

    /// The panel can be no narrower than an entry's icon, padding and a few words.
    public static let widthRange = 200.0...2000.0
}

/// The monitor edge the panel opens at.
public enum CenterSide: String, CaseIterable, Sendable {
    case right, left
}

/// How the panel lists its entries.
public enum CenterGrouping: String, CaseIterable, Sendable {
    /// Under a header per application, newest application first, each collapsed to its newest
    /// entry until its header is clicked.
    case app
    /// One list, newest first.
    case none
}

/// `xtoast center open|close|toggle`: what the request does to the panel.
public enum CenterSwitch: String, CaseIterable, Sendable {
    case open, close, toggle
}
