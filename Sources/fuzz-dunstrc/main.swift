// libFuzzer target: a dunstrc through `xtoast import-dunstrc`'s translator, whose output the
// daemon's config parser must read without a single diagnostic (issue 28: each translated
// config loads with no warning), each note naming a line of the input. Built by scripts/fuzz;
// in a plain `swift build` it links and does nothing.
import FuzzSupport
import Migration
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
    let result = DunstrcTranslator.translate(text, home: "/home/fuzz")
    let parsed = ConfigParser.parse(result.config, file: "translated")
    fuzzCheck(parsed.diagnostics.isEmpty, "the translation does not load cleanly: \(parsed.diagnostics.map(\.description))\n\(result.config)")
    for note in result.diagnostics {
        let number = note.dropFirst("dunstrc:".count).prefix { $0.isNumber }
        fuzzCheck(Int(number).map { (0...max(1, lines)).contains($0) } ?? false, "note on no line of the input: \(note)")
    }
    return 0
}
