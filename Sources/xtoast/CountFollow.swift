#if canImport(Glibc)
import Glibc
#endif
import JSONCodec
import ToastCore
import Transport

/// `xtoast count --follow`: a bar's module that outlives daemon restarts. It prints each change
/// the daemon pushes; when the daemon goes away (a restart, a crash, a new login) it waits for
/// the next one, connects again and prints the counts it answers. With `--format`, a line is
/// printed only when its text changes, so `{unread}` stays quiet while other numbers move.
struct CountFollower {
    let format: String?
    /// What was printed last; nil before the first line.
    private var last: String?

    init(format: String?) { self.format = format }

    /// Prints `counts`, unless the format gives the text printed last.
    mutating func print(_ counts: Counts) {
        let text = format.map(counts.formatted) ?? counts.json.text
        if format != nil, text == last { return }
        last = text
        StandardStreams.output(text)
    }

    /// Between tries to reach a daemon that is gone: short at first (a restart takes a moment),
    /// then once a second, so a session without a daemon costs one connect a second.
    static let retryDelays: [UInt32] = [50_000, 100_000, 200_000, 400_000, 800_000]
    static let slowRetry: UInt32 = 1_000_000

    /// Follows on `client`, then on each new daemon; never returns.
    mutating func follow(_ client: inout Client, request: [UInt8]) -> Never {
        while true {
            client.readCounts { self.print($0) }
            client.socket.close()
            StandardStreams.error("xtoast: the daemon went away; waiting for it to come back")
            client = reconnect(request: request)
        }
    }

    /// A connection to a daemon that answered `request` (printing its counts), after as many
    /// tries as it takes.
    mutating func reconnect(request: [UInt8]) -> Client {
        var attempt = 0
        while true {
            usleep(attempt < Self.retryDelays.count ? Self.retryDelays[attempt] : Self.slowRetry)
            attempt += 1
            guard var client = try? Client.connect() else { continue }
            guard case let .ok(_, extra)? = try? client.roundTrip(request) else {
                client.socket.close()
                continue
            }
            print(Counts(JSON.object(extra)) ?? Counts())
            return client
        }
    }
}
