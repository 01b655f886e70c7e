/// An ended toast, as `history` reports it.
public struct HistoryEntry: Equatable, Sendable {
    public var toast: Toast
    public var reason: DismissReason
    /// When it ended, on the monotonic clock; turned into wall time only when reported, so
    /// the model never reads a clock.
    public var ended: Double

    /// The `history` item: `ended` is UNIX time, from the monotonic and wall clocks read together.
    public func json(now: Double, wallNow: Double) -> JSON {
        var entry: [(String, JSON)] = [("id", .string(toast.id))]
        if !toast.title.isEmpty { entry.append(("title", .string(toast.title))) }
        entry += [("message", .string(toast.message)), ("kind", .string(toast.kind.rawValue)),
                  ("reason", .string(reason.rawValue)), ("ended", .number((wallNow - (now - ended)).rounded(.down)))]
        return .object(entry + toast.sourceFields)
    }
}
