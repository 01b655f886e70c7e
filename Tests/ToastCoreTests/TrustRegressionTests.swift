@testable import ConfigParsing
@testable import JSONCodec
@testable import Operations
import Testing
@testable import ToastCore

// Inputs that crashed or fooled the daemon (issue 12, "Trust") or that the fuzzers in
// Sources/fuzz-* found, kept so they never come back. Each names where it came from.

@Suite struct ConfigBoundsRegressionTests {
    private func parse(_ text: String) -> (config: Config, problems: [String]) {
        let result = ConfigParser.parse(text, file: "fuzz.conf")
        return (result.config, result.diagnostics.map(\.description))
    }

    /// Issue 12: these crashed the daemon at every start (a 720 GB pixmap, Int16 traps).
    @Test func hugeLengthsAreRefusedWithFileAndLine() {
        let result = parse("[card]\nwidth = 100000\nwidth = 1e20\nmargin = 1e308\npadding = 1e9\n")
        #expect(result.problems == [
            "fuzz.conf:2: width: must be at least 100 and at most 2000, got 100000",
            "fuzz.conf:3: width: must be at least 100 and at most 2000, got 1e20",
            "fuzz.conf:4: margin: must be at least 0 and at most 1000, got 1e308",
            "fuzz.conf:5: padding: must be at least 0 and at most 200, got 1e9",
        ])
        #expect(result.config == .default)
    }

    /// Like the protocol's: a timeout of 1e-400 reads as 0, "until dismissed". Refused.
    @Test func underflowingNumberIsRefused() {
        #expect(parse("[general]\ntimeout = 1e-400\n[timeouts]\ninfo = 0.0e-999\n").problems
                == ["fuzz.conf:2: timeout: '1e-400' is too small to tell from 0"])
    }

    /// Every numeric key has an upper bound: 1e308 is refused everywhere a number goes.
    @Test func everyNumericKeyHasAnUpperBound() {
        for section in ConfigSchema.sections where !["colors", "keys"].contains(section.name) {  // keys are names, not numbers
            for setting in section.settings where !["family", "theme", "style", "position", "follow", "shadow", "opener", "menu", "format", "critical", "ringtone", "while_window"].contains(setting.key) {
                let result = parse("[\(section.name)]\n\(setting.key) = 1e308\n")
                #expect(result.problems.count == 1, "\(section.name).\(setting.key) accepts 1e308")
                let huge = parse("[\(section.name)]\n\(setting.key) = 99999999999999999999\n")
                #expect(huge.problems.count == 1, "\(section.name).\(setting.key) accepts 99999999999999999999")
            }
        }
        #expect(parse("[font]\nfamily = \(String(repeating: "x", count: 257))\n").problems
                == ["fuzz.conf:2: family: must be at most 256 bytes"])
    }

    /// The largest accepted lengths at the largest scale still fit X's 16-bit sizes.
    @Test func largestAcceptedCardFitsX() {
        let result = parse("[general]\nscale = 8\n[card]\nwidth = 2000\npadding = 200\nradius = 200\nborder_width = 50\n")
        #expect(result.problems.isEmpty)
        let composer = CardComposer(config: result.config, scale: 8)
        for style in CardStyle.allCases {
            let card = composer.compose(Toast(id: "1", title: "T", message: "m"), style: style,
                                        metrics: FixedMetrics(scale: 8), shadow: true)
            #expect(card.scene.size.width <= CardMetrics.maxSide && card.scene.size.height <= CardMetrics.maxSide)
        }
    }
}

@Suite struct ProtocolRegressionTests {
    /// Issue 12: 1e-400 parsed as 0, and a timeout of 0 means "never expires".
    @Test func underflowingTimeoutStillExpires() {
        guard case let .show(show)? = decoded(#"{"op":"show","message":"m","timeout":1e-400}"#) else { return }
        #expect(show.timeout == ProtocolLimits.minTimeout)
        guard case let .show(tiny)? = decoded(#"{"op":"show","message":"m","timeout":0.0000001}"#) else { return }
        #expect(tiny.timeout == 0.001)
        guard case let .show(zero)? = decoded(#"{"op":"show","message":"m","timeout":0e-400}"#) else { return }
        #expect(zero.timeout == 0)
        guard case let .update(update)? = decoded(#"{"op":"update","id":"a","timeout":1e-400}"#) else { return }
        #expect(update.timeout == 0.001)
        #expect(throws: Never.self) { try JSON.parse("-1e-400") }
        #expect((try? JSON.parse("-1e-400")) == .number(-Double.leastNonzeroMagnitude))
        #expect((try? JSON.parse("0.000e-999")) == .number(0))
        // The command line too: `xtoast show --timeout 1e-400` must not keep the toast forever.
        for (text, expected) in [("1e-400", 0.001), ("0.0000001", 0.001), ("0", 0), ("0.0e5", 0), ("2.5", 2.5)] {
            guard case let .show(command)? = parse(["show", "--timeout", text, "m"]) else {
                Issue.record("show --timeout \(text) did not parse")
                continue
            }
            #expect(command.request.timeout == expected, "--timeout \(text)")
        }
    }

    /// Issue 12: a line of exactly the limit was refused when it ended in CRLF but not in LF.
    @Test func limitSizedLineEndingInCRLFIsAccepted() {
        let body = Array(#"{"op":"show","message":""#.utf8)
        let tail = Array(#""}"#.utf8)
        let line = body + [UInt8](repeating: UInt8(ascii: "a"), count: ProtocolLimits.maxLineBytes - body.count - tail.count) + tail
        #expect(line.count == ProtocolLimits.maxLineBytes)
        for ending: [UInt8] in [[0x0A], [0x0D, 0x0A]] {
            var buffer = LineBuffer()
            let lines = buffer.append(line + ending + Array(#"{"op":"ping"}"#.utf8) + [0x0A])
            #expect(lines == [.line(line), .line(Array(#"{"op":"ping"}"#.utf8))])
            guard case let .line(first)? = lines.first else { continue }
            #expect((try? Request.decode(line: first).get()) != nil)
        }
        // One byte more is still too long, CR or not; and a CR that is not the line's end counts.
        var buffer = LineBuffer(limit: 4)
        #expect(buffer.append(Array("abcd\r\n".utf8)) == [.line(Array("abcd".utf8))])
        #expect(buffer.append(Array("abcde\r\n".utf8)) == [.tooLong])
        #expect(buffer.append(Array("abcd\rx\n".utf8)) == [.tooLong])
        #expect(buffer.append(Array("ok\n".utf8)) == [.line(Array("ok".utf8))])
    }

    /// Issue 12: ids refuse C1 and bidi controls as they refuse C0 ones.
    @Test func idsRefuseC1AndBidiControls() {
        let refused: [UInt32] = [0x00, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x061C, 0x200E, 0x200F,
                                 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in refused {
            let hex = String(value, radix: 16)
            let escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            guard case let .failure(error) = decode(#"{"op":"dismiss","id":"a\#(escaped)b"}"#) else {
                Issue.record("id with U+\(hex) was accepted")
                continue
            }
            #expect(error.message == "\"id\" must not contain control or bidi formatting characters")
            guard case .failure = decode(#"{"op":"show","message":"m","actions":[{"id":"x\#(escaped)","label":"X"}]}"#) else {
                Issue.record("action id with U+\(hex) was accepted")
                continue
            }
        }
        for fine in ["build-42", "é", "日本", "a b", "\u{A0}nbsp", "\u{200B}zwsp", "emoji😀"] {
            #expect(decoded(#"{"op":"dismiss","id":"\#(fine)"}"#) == .dismiss(id: fine))
        }
    }

    /// Issue 12: C1 controls, U+2028/2029 and bidi controls came back raw in `list`/`history`.
    @Test func jsonEscapesC1LineSeparatorsAndBidiControls() {
        let text = "a\u{80}\u{85}\u{9B}\u{9F}\u{7F}\u{2028}\u{2029}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}z é\u{A0}"
        #expect(JSON.string(text).text
                == #""a\u0080\u0085\u009b\u009f\u007f\u2028\u2029\u202e\u2066\u2069\u200e\u200f\u061cz é\#u{A0}""#)
        #expect((try? JSON.parse(JSON.string(text).text)) == .string(text))
    }
}

@Suite struct CardSizeRegressionTests {
    /// fuzz-card: a narrow card with a wide padding left the capsule's text a width below 0,
    /// which Pango (and the fake) take as "no wrapping": 4 000 characters on one line made a
    /// capsule 44 370 px wide. The text is now always at least 1 px wide, so it wraps and is cut.
    @Test func capsuleWithPaddingWiderThanTheCardStaysNarrow() {
        var config = Config()
        config.cardWidth = ConfigLimits.minimumCardWidth
        config.padding = ConfigLimits.padding
        let composer = CardComposer(config: config, scale: 8)
        let toast = Toast(id: "1", title: "T", message: String(repeating: "W", count: 4000))
        for style in CardStyle.allCases {
            let card = composer.compose(toast, style: style, metrics: FixedMetrics(scale: 8))
            #expect(card.scene.size.width <= CardMetrics.maxSide, "\(style): \(card.scene.size)")
            for case let .text(block, _, _) in card.scene.ops { #expect(block.width > 0, "\(style)") }
        }
        let capsule = composer.compose(toast, style: .capsule, metrics: FixedMetrics(scale: 8))
        #expect(capsule.isTruncated)
    }

    /// fuzz-card: with no padding and no icon, a card whose height animates from 0 was 0 px
    /// tall (X refuses a window of no size). At least a pixel.
    @Test func cardWithNoPaddingNoIconAndNoHeightIsAPixelTall() {
        var config = Config()
        config.padding = 0
        config.borderWidth = 0
        let composer = CardComposer(config: config, scale: 1)
        var toast = Toast(id: "1", title: "", message: "")
        toast.hidesIcon = true
        var appearance = CardComposer.Appearance(expanded: false, hovered: false)
        appearance.heightLimit = 0
        for style in CardStyle.allCases {
            let card = composer.compose(toast, style: style, appearance: appearance, metrics: FixedMetrics(scale: 1))
            #expect(card.scene.size.height >= 1 && card.scene.size.width >= 1, "\(style): \(card.scene.size)")
        }
    }

    /// fuzz-card: the corner coverage trapped on a negative size ("Range requires lowerBound <=
    /// upperBound"); the screen code hands it whatever it computed. No pixels, no trap.
    @Test func coverageOfEmptyOrNegativeSizes() {
        #expect(RoundedRectCoverage.rowSpans(width: -16, height: -16, radius: 0).isEmpty)
        #expect(RoundedRectCoverage.rowSpans(width: -3, height: 5, radius: 2).isEmpty)
        #expect(RoundedRectCoverage.rowSpans(width: 5, height: 0, radius: .nan).isEmpty)
        #expect(RoundedRectCoverage.alphaMask(width: -16, height: -16, radius: 0, stride: 0).isEmpty)
        #expect(RoundedRectCoverage.alphaMask(width: -2, height: 3, radius: 1, stride: 4) == [UInt8](repeating: 0, count: 12))
        #expect(RoundedRectCoverage.alphaMask(width: 8, height: 2, radius: .infinity, stride: 4).count == 8)
        #expect(RoundedRectCoverage.alphaMask(width: 4, height: 4, radius: .nan, stride: 4) == [UInt8](repeating: 255, count: 16))
        #expect(RoundedRectCoverage.rowSpans(width: 4, height: 4, radius: -.infinity).map(\.end) == [4, 4, 4, 4])
    }

    /// Issue 12: an expanded card of thousands of lines had no height cap, and the screen code
    /// traps converting rows past 32 767 to Int16. The composer caps every card at X's limit.
    @Test func expandedCardOfThousandsOfLinesStaysWithinX() {
        let message = String(repeating: "line\n", count: 3999)
        let composer = CardComposer(config: Config(), scale: 8)
        let card = composer.compose(Toast(id: "1", title: "T", message: message), style: .tinted,
                                    appearance: .init(expanded: true), metrics: FixedMetrics(scale: 8))
        #expect(card.scene.size.height == CardMetrics.maxSide)
        #expect(card.fullHeight == CardMetrics.maxSide)
        #expect(card.isTruncated)
        let lines = textLines(card, scale: 8)
        #expect(lines.last == "line…" || lines.last?.hasSuffix("…") == true)
    }
}
