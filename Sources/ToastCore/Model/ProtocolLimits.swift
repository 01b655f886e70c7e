/// Limits of the wire protocol, named so the error messages and the docs agree.
public enum ProtocolLimits {
    /// A request line longer than this is refused (and skipped to its newline).
    public static let maxLineBytes = 64 * 1024
    /// Ids are for scripts to type and read back; keep them short.
    public static let maxIDLength = 128
    /// Longer than a day is almost certainly a unit mistake (milliseconds for seconds).
    public static let maxTimeout: Double = 86_400
    /// A positive timeout below this (1 ms) counts as this: shorter is indistinguishable on
    /// screen, and a timeout that underflowed to 0 would mean "never expires".
    public static let minTimeout: Double = 0.001
    /// An icon is a path, a `file://` URI or a theme name: longer is none of them.
    public static let maxIconBytes = 4096
    /// Button labels share one row; longer ones are refused rather than cut unreadably.
    public static let maxActionLabel = 24
    /// The most toasts one `list` reply names when asked for a limit.
    public static let listLimit = 10_000
}
