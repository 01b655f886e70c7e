// libFuzzer target: random text, markup, sizes and scales through the card composer and the
// corner coverage, with fixed text metrics instead of Pango (no X). Built by scripts/fuzz; in a
// plain `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    // Every number within what the config file accepts (see ConfigSchema), the scale included.
    var config = Config()
    config.cardWidth = input.double(in: ConfigLimits.minimumCardWidth...ConfigLimits.cardWidth)
    config.padding = input.double(in: 0...ConfigLimits.padding)
    config.radius = input.double(in: 0...ConfigLimits.radius)
    config.borderWidth = input.double(in: 0...ConfigLimits.borderWidth)
    config.theme = input.pick(Theme.allCases)
    let scale = input.double(in: Scale.range)
    let style = input.pick(CardStyle.allCases)
    let metrics = FuzzMetrics(advance: input.double(in: 1...40) * scale, lineHeight: input.double(in: 1...60) * scale)
    var appearance = CardComposer.Appearance(expanded: input.bool(), hovered: input.bool())
    if input.bool() { appearance.heightLimit = input.double(in: 0...4000) }
    if input.bool() { appearance.progress = input.double(in: -10...110) }
    let actionCount = input.int(in: 0...Action.maxCount)
    var actions: [Action] = []
    for i in 0..<actionCount { actions.append(Action(id: "a\(i)", label: input.string(maxBytes: 40))) }
    let title = input.string(maxBytes: 200)
    let markup = input.bool()
    // dunst's format (any text, up to what the config takes) and the [text] settings.
    if input.bool() { config.format = input.string(maxBytes: CardFormat.maxBytes) }
    config.markup = input.pick(MarkupMode.allCases)
    config.ignoreNewline = input.bool()
    let hidesIcon = input.bool()
    // For the coverage code on its own, at the end.
    let cw = input.int(in: 0...80) - 16, ch = input.int(in: 0...80) - 16
    let radius = input.pick([0, 3.5, -2, 1e9, .nan, .infinity, -.infinity, input.double(in: 0...60)])
    let message = input.rest()
    var toast = Toast(id: "1", title: title, message: message, kind: Kind.allCases[size % Kind.allCases.count],
                      markup: markup, actions: actions, progress: input.bool() ? 50 : nil)
    toast.hidesIcon = hidesIcon

    let composer = CardComposer(config: config, scale: scale)
    let card = composer.compose(toast, style: style, appearance: appearance, metrics: metrics, shadow: input.bool())
    let s = card.scene.size
    fuzzCheck(s.width.isFinite && s.height.isFinite && s.width >= 1 && s.height >= 1, "card size \(s)")
    fuzzCheck(s.width <= CardMetrics.maxSide && s.height <= CardMetrics.maxSide,
              "card size \(s) is past \(CardMetrics.maxSide) px, X's 16-bit coordinates")
    fuzzCheck(card.fullHeight.isFinite, "full height \(card.fullHeight)")
    for op in card.scene.ops {
        if case let .text(block, origin, _) = op {
            fuzzCheck(origin.x.isFinite && origin.y.isFinite && block.width.isFinite, "text at \(origin) width \(block.width)")
        }
    }
    // The window's shape and alpha mask for that size when small; a big card is sampled, not
    // walked whole, so one input stays fast (walking cards of up to 256 K pixels under ASan
    // ran 14 inputs a second).
    let w = Int(s.width), h = Int(s.height)
    if w * h <= 1 << 14 {
        let spans = RoundedRectCoverage.rowSpans(width: w, height: h, radius: card.scene.cornerRadius)
        fuzzCheck(spans.count == h && spans.allSatisfy { $0.start >= 0 && $0.start <= $0.end && $0.end <= w }, "row spans for \(w)×\(h)")
        let mask = RoundedRectCoverage.alphaMask(width: w, height: h, radius: card.scene.cornerRadius, stride: w)
        fuzzCheck(mask.count == w * h, "mask size")
    } else {
        for (x, y) in [(0, 0), (w / 2, h / 2), (w - 1, h - 1), (w / 2, 0)] {
            let c = RoundedRectCoverage.coverage(x: x, y: y, width: s.width, height: s.height, radius: card.scene.cornerRadius)
            fuzzCheck((0...1).contains(c), "coverage \(c) at \(x),\(y)")
        }
    }
    // The coverage code on its own, with sizes and radii no card has (negative, zero, NaN):
    // the screen code calls it with whatever it computed, so it must not trap on any of them.
    let spans = RoundedRectCoverage.rowSpans(width: cw, height: ch, radius: radius)
    fuzzCheck(spans.count == (cw > 0 ? max(0, ch) : 0), "row spans for \(cw)×\(ch) r \(radius)")
    let mask = RoundedRectCoverage.alphaMask(width: cw, height: ch, radius: radius, stride: max(0, cw))
    fuzzCheck(mask.count == max(0, cw) * max(0, ch), "mask for \(cw)×\(ch) r \(radius)")
    return 0
}
