// libFuzzer target: one request line through the decoder, and the same bytes through the
// line splitter. Built by scripts/fuzz; in a plain `swift build` this is an executable that
// does nothing (this file holds only the entry point libFuzzer calls, see SWIFT-ON-LINUX.md).
import FuzzSupport
import JSONCodec
import Operations
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // Whatever decodes must survive the client's encoding unchanged: the client and the daemon
    // agree on every request the daemon accepts.
    if case let .success(request) = Request.decode(line: bytes) {
        let line = request.text
        fuzzCheck(!line.utf8.contains(0x0A), "encoded request holds a newline: \(line)")
        switch Request.decode(line: Array(line.utf8)) {
        case let .success(again): fuzzCheck(again == request, "round trip changed \(request) into \(again)")
        case let .failure(error): fuzzCheck(false, "re-encoded \(line) is refused: \(error.message)")
        }
    }

    // Do-not-disturb's words (`pause --for`, `--until`, `[quiet] every`, the state file):
    // whatever parses resolves to a time ahead within the bound, in a zone with a DST change,
    // and a schedule's next boundary is ahead of the time it is asked from.
    let text = String(decoding: bytes, as: UTF8.self)
    let now = 1_774_000_000.0 + Double(bytes.first ?? 0) * 3_600
    for isDuration in [true, false] {
        func parse(_ words: String) -> QuietEnd? { isDuration ? try? QuietEnd.duration(words) : try? QuietEnd.time(words) }
        guard let end = parse(text) else { continue }
        fuzzCheck(parse(end.text) == end, "\(end) does not parse back from \(end.text)")
        if let t = try? end.resolve(now: now, zone: fuzzZone) {
            fuzzCheck(t > now && t - now <= QuietEnd.maxSeconds, "\(end) resolved to \(t) from \(now)")
        }
    }
    if let schedule = try? QuietSchedule.parse(text) {
        let next = schedule.nextBoundary(after: now, zone: fuzzZone)
        fuzzCheck(next.map { $0 > now && $0 - now <= 9 * 86_400 } ?? false, "\(schedule.text): next boundary \(String(describing: next))")
        _ = schedule.holds(at: now, zone: fuzzZone)
    }
    _ = try? QuietSchedule.allowList(text)
    if let pause = QuietState.UserPause(line: bytes) {
        fuzzCheck(QuietState.UserPause(line: Array(pause.line.utf8.dropLast())) == pause, "the state line \(pause) does not read back")
    }

    // Any JSON parses again from its own text to the same value, and that text is one safe line.
    if let json = try? JSON.parse(bytes) {
        let text = json.text
        for scalar in text.unicodeScalars {
            fuzzCheck(!JSON.needsEscape(scalar), "raw U+\(String(scalar.value, radix: 16)) in JSON output")
        }
        fuzzCheck((try? JSON.parse(text)) == json, "JSON text does not parse back: \(text)")
    }

    // The splitter never hands out a line over the limit, wherever the reads are cut.
    var buffer = LineBuffer(limit: 64)
    var start = 0
    var cut = 1
    while start < bytes.count {
        let end = min(bytes.count, start + cut)
        for case let .line(line) in buffer.append(bytes[start..<end]) {
            fuzzCheck(line.count <= 64, "a \(line.count)-byte line passed a 64-byte limit")
            fuzzCheck(!line.contains(0x0A), "a line holds its newline")
        }
        start = end
        cut = cut * 3 % 17 + 1
    }
    return 0
}

/// Central Europe's 2026 summer time, so the fuzzer crosses a DST change (29 March 01:00 UTC).
private let fuzzZone = LocalZone { t in t >= 1_774_746_000 && t < 1_792_890_000 ? 7200 : 3600 }
