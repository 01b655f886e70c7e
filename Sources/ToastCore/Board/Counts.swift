import JSONCodec

/// How many toasts are where, for status bars (`xtoast count`): on screen, waiting, in
/// history, and how many of those the user has not dealt with (`HistoryEntry.unread`; a
/// toast still on screen is never unread).
public struct Counts: Equatable, Sendable {
    public var visible: Int
    public var queued: Int
    public var history: Int
    public var unread: Int

    public init(visible: Int = 0, queued: Int = 0, history: Int = 0, unread: Int = 0) {
        self.visible = visible
        self.queued = queued
        self.history = history
        self.unread = unread
    }

    /// The fields in order, as the protocol and `--format` name them.
    public var fields: [(name: String, value: Int)] {
        [("visible", visible), ("queued", queued), ("history", history), ("unread", unread)]
    }

    /// `{"visible":N,"queued":N,"history":N,"unread":N}`.
    public var json: JSON { .object(fields.map { ($0.name, .number(Double($0.value))) }) }

    /// Reads the fields back from a reply or a `count` event line; nil when one is missing or
    /// not a whole number from 0.
    public init?(_ json: JSON) {
        var values: [Int] = []
        for name in ["visible", "queued", "history", "unread"] {
            guard case let .number(n)? = json[name], n >= 0, n <= 1e9, n == n.rounded() else { return nil }
            values.append(Int(n))
        }
        self.init(visible: values[0], queued: values[1], history: values[2], unread: values[3])
    }

    /// `template` with `{visible}`, `{queued}`, `{history}` and `{unread}` replaced by their
    /// numbers; anything else (other braces too) stays as written.
    public func formatted(_ template: String) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let field = fields.first(where: { after.hasPrefix($0.name + "}") }) {
                out += String(field.value)
                rest = after.dropFirst(field.name.count + 1)
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}

extension Board {
    /// The counts now.
    public var counts: Counts {
        var counts = Counts(history: history.count, unread: history.unreadCount)
        for key in keys {
            guard let stack = stacks(key) else { continue }
            counts.visible += stack.visible.count
            counts.queued += stack.waiting.count
        }
        return counts
    }

    /// `owner` hears the counts each time they change (`count --follow`), until it goes.
    public mutating func followCounts(_ owner: Owner) {
        if countFollowers.isEmpty { lastCounts = counts }
        countFollowers.insert(owner)
    }

    /// Puts the counts into the pending changes when they differ from what the followers last
    /// heard. Called as the changes are taken, so one request (or frame) that changes them
    /// several times is one line, and nothing is counted while nobody follows.
    mutating func noteCounts() {
        guard !countFollowers.isEmpty else { return }
        let now = counts
        guard now != lastCounts else { return }
        lastCounts = now
        pending.counts = now
        pending.countFollowers = countFollowers.sorted()
    }
}
