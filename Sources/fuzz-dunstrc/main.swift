// libFuzzer target: a dunstrc through `xtoast import-dunstrc`'s translator, whose output the
// daemon's config parser must read without a diagnostic but the contrast check's (issue 28: each translated
// config loads with no warning of its own) and that holds no line break but LF, each note naming a line
// of the input. Built by scripts/fuzz;
// in a plain `swift build` it links and does nothing.
import ConfigParsing
import FuzzSupport
import JSONCodec
import Migration
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.fileLines().count
    let result = DunstrcTranslator.translate(text, home: "/home/fuzz")
    // No value adds a line to the translation: LF is its only line break (issue 43).
    fuzzCheck(!result.config.unicodeScalars.contains { $0 != "\n" && UnicodeControls.isLineBreak($0) },
              "a line break other than LF in the translation:\n\(result.config)")
    let parsed = ConfigParser.parse(result.config, file: "translated")
    // Only the contrast check may speak: the dunstrc's own colours are translated as they are,
    // and a warning that their text is hard to read is true of them.
    let problems = parsed.diagnostics.map(\.description).filter { !$0.contains(": warning: text #") }
    fuzzCheck(problems.isEmpty, "the translation does not load cleanly: \(problems)\n\(result.config)")
    for note in result.diagnostics {
        let number = note.dropFirst("dunstrc:".count).prefix { $0.isNumber }
        fuzzCheck(Int(number).map { (0...max(1, lines)).contains($0) } ?? false, "note on no line of the input: \(note)")
    }
    return 0
}
