extension HistoryStore {
    /// Waits (at most `seconds`) until the writer has written everything handed to it; false
    /// when it still writes then. For tests, which read the file the writer writes.
    @discardableResult
    func waitUntilWritten(within seconds: Double = 10) -> Bool { writer?.wait(within: seconds) ?? true }
}
