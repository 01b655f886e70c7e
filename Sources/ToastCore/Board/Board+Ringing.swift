extension Board {
    /// A call rang `[calls] ring_for` without an answer: it ends with `timeout` (its sender
    /// hears it expired), and its history entry is one unread `call.unanswered` entry in the
    /// centre. False when it is not live.
    @discardableResult
    public mutating func ringOut(_ id: String, now: Double) -> Bool {
        guard var toast = toast(id), let key = key(of: id) else { return false }
        toast.category = "call.unanswered"
        setLive(toast, at: key, restartTimer: false, now: now)
        return dismiss(id, reason: .timeout, now: now)
    }
}
