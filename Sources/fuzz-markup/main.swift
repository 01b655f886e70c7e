// libFuzzer target: toast markup through the sanitizer, whose promise is Pango markup that
// always parses (a string Pango refuses shows nothing at all). Pango's own parser is the judge.
// Built by scripts/fuzz; in a plain `swift build` it links and does nothing.
import CPango
import FuzzSupport
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for markup in [MarkupSanitizer.pangoMarkup(text, linkColor: RGBA(rgb: 0x0A84FF)), MarkupSanitizer.escaped(text)] {
        var error: UnsafeMutablePointer<GError>?
        let parsed = pango_parse_markup(markup, -1, 0, nil, nil, nil, &error) != 0
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? ""
        if let error { g_error_free(error) }
        fuzzCheck(parsed, "Pango refuses the sanitizer's output (\(reason)): \(markup.debugDescription) from \(text.debugDescription)")
    }
    return 0
}
