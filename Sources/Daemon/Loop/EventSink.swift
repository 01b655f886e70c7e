import JSONCodec
import ToastCore

/// Where events go: the daemon's clients (a socket connection each), and next the bus.
protocol EventSink: AnyObject {
    func deliver(_ delivery: BoardChanges.Delivery)
    /// A line that is no toast's event (`{"event":"count",…}` for `count --follow`) to `owners`.
    func send(_ line: JSON, to owners: [Owner])
}

extension EventSink {
    /// Sinks without socket owners (the bus, tests that record events only) drop such lines.
    func send(_ line: JSON, to owners: [Owner]) {}
}
