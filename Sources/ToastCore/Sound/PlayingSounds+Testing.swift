/// What tests ask of the sounds playing: the daemon only starts and cuts them (`start`, `stop`, `takeOverdue`).
extension PlayingSounds {
    /// Whether a sound of `toast` plays.
    public func plays(for toast: String) -> Bool { playing.contains { $0.toast == toast } }
}
