/// A shortcut for tests: the board gives a stack its whole policy (`setPolicy`) as its
/// monitor's holds change.
extension ToastStack {
    /// Turns do-not-disturb on or off; turning it off shows what waited, in order.
    public mutating func setHoldsNew(_ hold: Bool, now: Double) -> Change {
        var next = policy
        if hold { next.reasons.insert(.doNotDisturb) } else { next.reasons.remove(.doNotDisturb) }
        return setPolicy(next, now: now)
    }
}
