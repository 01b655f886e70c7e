// libFuzzer target: one request line through the decoder, and the same bytes through the
// line splitter. Built by scripts/fuzz; in a plain `swift build` this is an executable that
// does nothing (this file holds only the entry point libFuzzer calls, see SWIFT-ON-LINUX.md).
import FuzzSupport
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
