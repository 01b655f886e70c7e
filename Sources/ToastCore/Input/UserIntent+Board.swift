/// What an intent brings along once the board is looked at: decided here, beside the intent,
/// so every input that says it (a click, a key, a mouse binding) means the same.
extension UserIntent {
    /// The intent and what follows it on `board`, in order: a summary card (`Toast.summary`)
    /// dismissed by a click opens the centre on what came meanwhile.
    public func following(on board: Board) -> [UserIntent] {
        if case let .dismiss(id, .click) = self, let summary = board.toast(id)?.summary {
            return [self, .openCenter(filter: CenterContent.since(summary.firstHistoryID))]
        }
        return [self]
    }
}
