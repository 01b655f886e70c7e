import Transport

/// The daemon logs to stderr, one line per event worth knowing.
enum Log {
    static func info(_ message: String) { StandardStreams.error("xtoastd: \(message)") }
}
