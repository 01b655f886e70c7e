/// What a toast is about; decides its colour and icon.
public enum Kind: String, CaseIterable, Sendable {
    case info, success, warning, error, notice, debug, loading

    /// The dark palette's accent colour, 0xRRGGBB.
    public var defaultColor: UInt32 {
        switch self {
        case .info: 0x0A84FF
        case .success: 0x30D158
        case .warning: 0xFFD60A
        case .error: 0xFF453A
        case .notice: 0xFF9F0A
        case .debug: 0xBF5AF2
        case .loading: 0x8E8E93
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
