/// Where each record's line lies in the history file, and when its toast ended: what a
/// compaction needs to keep the newest lines by copying their bytes, without reading them
/// back as records (re-parsing the whole file every `slack` appends cost a flood of 100,000
/// toasts seconds of CPU). The writer keeps one per line the file holds, in file order.
public struct HistoryLine: Equatable, Sendable {
    /// Where the line starts in the file, and its length without the newline.
    public var offset: Int
    public var length: Int
    /// The record's `wallEnded`: what `keep_days` is applied to.
    public var wallEnded: Double

    public init(offset: Int, length: Int, wallEnded: Double) {
        self.offset = offset
        self.length = length
        self.wallEnded = wallEnded
    }
}

extension HistoryFile {
    /// The non-blank lines of a file's text, in order, with the records `parse` read from it
    /// (one per such line when nothing was damaged); nil when they do not pair up (a damaged
    /// line), and the next compaction reads the file back instead.
    public static func lines(of bytes: [UInt8], records: [HistoryRecord]) -> [HistoryLine]? {
        var lines: [HistoryLine] = []
        lines.reserveCapacity(records.count)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            if bytes[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard lines.count < records.count else { return nil }
            lines.append(HistoryLine(offset: start, length: end - start, wallEnded: records[lines.count].wallEnded))
        }
        return lines.count == records.count ? lines : nil
    }

    /// Which of `lines` (file order) a compaction keeps: the newest `keep` that ended within
    /// `keepDays` of `wallNow`, as `kept` chooses records, and of them the newest whose lines
    /// (each with its newline) take at most `maxBytes`, as `text(of:maxBytes:)` does. Their
    /// indices, in file order. Reads only the lines it keeps and those it skips on the way
    /// (`examined`, which the cost tests bound), never the rest of the file.
    public static func keptLines(_ lines: [HistoryLine], keep: Int, keepDays: Int, wallNow: Double, maxBytes: Int,
                                 examined: inout Int) -> [Int] {
        let oldest = wallNow - Double(keepDays) * 86_400
        var newestFirst: [Int] = []
        var total = 0
        var i = lines.count - 1
        while i >= 0, newestFirst.count < max(0, keep) {
            examined += 1
            let line = lines[i]
            i -= 1
            guard line.wallEnded >= oldest, line.length < HistoryLimits.maxLineBytes + 1 else { continue }
            guard line.length + 1 <= maxBytes - total else { break }
            total += line.length + 1
            newestFirst.append(i + 1)
        }
        return newestFirst.reversed()
    }
}
