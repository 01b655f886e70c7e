/// A replacement is the same notification (issue 49): a toast that takes a live or kept
/// toast's place, in place (`replace`: a bus `replaces_id`) or as a new toast (`takeOver`: a
/// stack tag, `x-dunst-stack-tag` or `x-canonical-private-synchronous`; `show` with the id of
/// a live toast), makes one history entry, not one per step: the toast it replaced leaves none,
/// and it counts the steps (`Toast.updates`). The replaced id still hears `dismissed` with
/// `replaced` (the bus's reason 4) when its id goes.
///
///     volume 40% (updates 0) ← volume 50% takes its card (updates 1) ← 60% (updates 2)
///     the last times out: one entry, "60%", updates 2
extension Board {
    /// The `updates` of a toast that replaces `old`: one more, within `HistoryLimits.maxUpdates`.
    static func updates(after old: Toast) -> Int { min(old.updates, HistoryLimits.maxUpdates - 1) + 1 }
}
