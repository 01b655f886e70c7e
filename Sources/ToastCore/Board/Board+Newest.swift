extension Board {
    /// Every visible toast, newest first across all stacks (by when each came to the board):
    /// the order the keys walk, and whose first is "the newest visible toast".
    public var visibleNewestFirst: [Toast] {
        keys.compactMap { stacks($0) }.flatMap(\.visible).sorted { $0.arrival > $1.arrival }.map(\.toast)
    }
}
