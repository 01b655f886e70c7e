import ToastCore

extension HistoryStore {
    /// `hold` and `writeHeld` at once: the entries are in the file when it returns.
    func append(_ entries: [HistoryEntry], now: Double) {
        hold(entries, now: now)
        writeHeld()
    }

    /// Waits (at most `seconds`) until the writer has written everything handed to it; false
    /// when it still writes then. For tests, which read the file the writer writes.
    @discardableResult
    func waitUntilWritten(within seconds: Double = 10) -> Bool { writer?.wait(within: seconds) ?? true }
}
