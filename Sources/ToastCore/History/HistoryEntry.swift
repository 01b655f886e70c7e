import JSONCodec

/// An ended toast, as `history` reports it.
public struct HistoryEntry: Equatable, Sendable {
    public var toast: Toast
    public var reason: DismissReason
    /// When it ended, on the monotonic clock; turned into wall time only when reported, so
    /// the model never reads a clock.
    public var ended: Double
    /// Who still hears an action chosen on it now (`Board.lateAction`); nil once they went.
    public var listener: Listener? = nil
    /// The user has not dealt with it: not clicked, swiped, invoked or closed
    /// (`DismissReason.leavesUnread`); a late action on it, or the centre, reads it.
    public var unread = true
    /// The board's number for this entry, unique for the daemon's life (toast ids repeat):
    /// what `lateAction(_:on:now:)` and `restore` name. 0 for entries made outside the board.
    public var historyID: UInt64 = 0
    /// Still open (`KeepOpen`): its card timed out into the centre, and its sender has not
    /// heard it end; `reason` says `timeout` until it does. Not kept across restarts.
    public var kept = false

    /// The `history` item: `ended` is UNIX time, from the monotonic and wall clocks read together.
    public func json(now: Double, wallNow: Double) -> JSON {
        var entry: [(String, JSON)] = [("id", .string(toast.id))]
        if !toast.title.isEmpty { entry.append(("title", .string(toast.title))) }
        if let origin = toast.origin { entry.append(("origin", .string(origin))) }
        entry += [("message", .string(toast.message)), ("kind", .string(toast.kind.rawValue)),
                  ("reason", .string(reason.rawValue)), ("ended", .number((wallNow - (now - ended)).rounded(.down)))]
        if toast.restored { entry.append(("restored", .bool(true))) }
        if toast.updates > 0 { entry.append(("updates", .number(Double(toast.updates)))) }
        entry.append(("unread", .bool(unread)))
        if kept { entry.append(("kept", .bool(true))) }
        return .object(entry + toast.sourceFields)
    }
}
