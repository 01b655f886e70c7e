import Testing
import ToastCore

/// A compaction's choice of lines (`HistoryFile.keptLines`) is the records' (`kept`, then
/// `text(of:maxBytes:)`), and it reads only what it keeps, whatever the file's length.
@Suite struct HistoryLinesTests {
    func record(_ i: Int, wallEnded: Double) -> HistoryRecord {
        HistoryRecord(toast: Toast(id: String(i), message: "message \(i)"), reason: .timeout, wallEnded: wallEnded)
    }

    /// A file of `records`, and the lines `HistoryFile.lines` finds in it.
    func file(_ records: [HistoryRecord]) throws -> (text: [UInt8], lines: [HistoryLine]) {
        let text = HistoryFile.text(of: records)
        return (text, try #require(HistoryFile.lines(of: text, records: HistoryFile.parse(text).records)))
    }

    @Test("the lines kept are the records kept: the newest `keep` within keep_days and the byte bound, in file order")
    func sameChoice() throws {
        let wall = 1_700_000_000.0
        // Every seventh ended 40 days ago (a clock set back wrote them among newer ones).
        let records = (0..<500).map { record($0, wallEnded: $0 % 7 == 0 ? wall - 40 * 86_400 : wall - Double(500 - $0)) }
        let (text, lines) = try file(records)
        for (keep, maxBytes) in [(100, Int.max / 2), (1000, Int.max / 2), (300, 4000), (0, 1000)] {
            var examined = 0
            let chosen = HistoryFile.keptLines(lines, keep: keep, keepDays: 30, wallNow: wall, maxBytes: maxBytes, examined: &examined)
            var copied: [UInt8] = []
            for i in chosen { copied += text[lines[i].offset..<(lines[i].offset + lines[i].length)] + [UInt8(ascii: "\n")] }
            let expected = HistoryFile.text(of: HistoryFile.kept(records, keep: keep, keepDays: 30, wallNow: wall), maxBytes: maxBytes)
            #expect(copied == expected.bytes, "keep \(keep), \(maxBytes) bytes")
            #expect(chosen.count == expected.count)
        }
    }

    @Test("choosing reads the lines it keeps and the stale ones among them, not the whole file: 100 of 12,500")
    func readsOnlyWhatItKeeps() throws {
        let wall = 1_700_000_000.0
        let (_, lines) = try file((0..<12_500).map { record($0, wallEnded: wall) })
        var examined = 0
        let chosen = HistoryFile.keptLines(lines, keep: 100, keepDays: 30, wallNow: wall, maxBytes: 1 << 30, examined: &examined)
        #expect(chosen == Array(12_400..<12_500))
        #expect(examined == 100)
    }

    @Test("a file with a damaged line has no known lines (the compaction reads it back instead); blank lines are skipped")
    func damaged() {
        let a = record(1, wallEnded: 5).line, b = record(2, wallEnded: 6).line
        let blank = a + [UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\n")] + b + [UInt8(ascii: "\n")]
        let lines = HistoryFile.lines(of: blank, records: HistoryFile.parse(blank).records)
        #expect(lines == [HistoryLine(offset: 0, length: a.count, wallEnded: 5),
                          HistoryLine(offset: a.count + 3, length: b.count, wallEnded: 6)])
        let broken = a + Array("\n{not json\n".utf8) + b + [UInt8(ascii: "\n")]
        #expect(HistoryFile.lines(of: broken, records: HistoryFile.parse(broken).records) == nil)
    }
}
