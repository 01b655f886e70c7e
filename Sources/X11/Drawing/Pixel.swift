extension Int32 {
    /// A coordinate for X: rounded, and clamped to what X's 16-bit geometry holds, so a wild
    /// number (NaN, infinity, a huge config value) never traps.
    init(pixel value: Double) {
        guard value.isFinite else { self = 0; return }
        self = Int32(Swift.max(-32768, Swift.min(32767, value.rounded())))
    }
}

extension UInt32 {
    /// A window size for X: at least 1, at most what X's 16-bit geometry holds.
    init(windowSize value: Double) {
        self = UInt32(Int32(pixel: value).clamped(1, 32767))
    }
}

extension Int32 {
    func clamped(_ low: Int32, _ high: Int32) -> Int32 { Swift.max(low, Swift.min(high, self)) }
}
