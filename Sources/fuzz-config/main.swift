// libFuzzer target: a config file through the parser, then a card composed with whatever it
// accepted. Built by scripts/fuzz; in a plain `swift build` it links and does nothing.
import ConfigParsing
import FuzzSupport
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.fileLines().count
    let (config, diagnostics) = ConfigParser.parse(text, file: "fuzz")
    for diagnostic in diagnostics {
        fuzzCheck((1...max(1, lineCount)).contains(diagnostic.line), "diagnostic on line \(diagnostic.line) of \(lineCount)")
    }
    // Accepted values must make a card the screen code can draw: every side within X's 16-bit
    // coordinates at the largest scale, whatever the file said.
    let scale = config.scale ?? Scale.range.upperBound
    let composer = CardComposer(config: config, scale: scale)
    let metrics = FuzzMetrics(advance: 7 * scale, lineHeight: 17 * scale)
    let toast = Toast(id: "1", title: "Title", message: "A message long enough to wrap on a narrow card")
    for style in CardStyle.allCases {
        let card = composer.compose(toast, style: style, metrics: metrics, shadow: true)
        let size = card.scene.size
        fuzzCheck(size.width.isFinite && size.height.isFinite, "card size \(size) is not finite")
        fuzzCheck(size.width >= 1 && size.width <= 32_767 && size.height >= 1 && size.height <= 32_767,
                  "card size \(size) is outside X's coordinates")
        let margin = composer.px(config.margin)
        fuzzCheck(margin.isFinite && margin <= 32_767, "margin \(margin) is outside X's coordinates")
    }
    return 0
}
