/// Time to read (WCAG 2.2.1, "enough time"): a toast that ends by itself stays long enough
/// for its words. `[general] timeout_per_word` adds that many milliseconds per word of its
/// title and message, and `timeout_scale` multiplies every timeout that ends (2: twice as
/// long, for a user who reads slowly). A toast that waits for the user (timeout 0) still does.
///
///     toast.timeout = Admission.readingTimeout(toast.timeout, for: toast, config: config)
extension Admission {
    /// `timeout` (seconds; 0: until dismissed) as the reading-time settings make it, within
    /// the protocol's bounds.
    public static func readingTimeout(_ timeout: Double, words: Int, config: Config) -> Double {
        guard timeout > 0, timeout.isFinite else { return timeout }
        let perWord = config.timeoutPerWord.isFinite ? max(0, config.timeoutPerWord) / 1000 : 0
        let scale = config.timeoutScale.isFinite && config.timeoutScale > 0 ? config.timeoutScale : 1
        let grown = timeout * scale + Double(max(0, words)) * perWord
        return min(max(grown, ProtocolLimits.minTimeout), ProtocolLimits.maxTimeout)
    }

    /// The same for a toast, counting the words its card shows (none when its text is hidden).
    public static func readingTimeout(_ timeout: Double, for toast: Toast, config: Config) -> Double {
        guard config.timeoutPerWord > 0 || config.timeoutScale != 1 else { return timeout }
        let words = toast.hidesText ? 0
            : wordCount(toast.title) + wordCount(toast.markup ? MarkupSanitizer.stripped(toast.message) : toast.message)
        return readingTimeout(timeout, words: words, config: config)
    }

    /// Runs of characters between white space: what a reader reads as words in most
    /// scripts (a text without spaces, such as Chinese, counts as one). Linear in the text,
    /// which the protocol bounds.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let space = scalar.properties.isWhitespace
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }
}
