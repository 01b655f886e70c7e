import ToastCore

/// Where events go: the daemon's clients (a socket connection each), and next the bus.
protocol EventSink: AnyObject {
    func deliver(_ delivery: BoardChanges.Delivery)
}
