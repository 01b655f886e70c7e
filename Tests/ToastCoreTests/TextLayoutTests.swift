import Testing
import ToastCore

/// A monospace stand-in for Xft: 7 px per character, 8 in bold, 14 for CJK drawn by fallback font 1.
private func measure(_ text: String, _ style: FontStyle) -> Double {
    Double(text.count) * (style.font == 1 ? 14 : style.bold ? 8 : 7)
}

/// CJK comes from fallback font 1; everything else is in the primary font.
private func fontFor(_ character: Character, _ style: FontStyle) -> Int {
    character.unicodeScalars.first!.value >= 0x3000 && character != "…" ? 1 : 0
}

private func layout(_ text: String, width: Double, maxLines: Int? = 3) -> LaidOutText {
    TextLayout.layout([StyledRun(text: text)], maxWidth: width, maxLines: maxLines, lineHeight: 16,
                      measure: measure, fontFor: fontFor)
}

private func texts(_ laidOut: LaidOutText) -> [String] { laidOut.lines.map(\.text) }

@Suite struct TextLayoutTests {
    @Test func shortTextIsOneSegment() {
        let result = layout("hello world", width: 200)
        #expect(result.lines == [LaidOutText.Line(segments: [
            LaidOutText.Segment(text: "hello world", style: .regular, x: 0, width: 77),
        ], width: 77)])
        #expect(!result.isTruncated)
        #expect(result.height == 16)
        #expect(result.width == 77)
    }

    @Test func emptyTextHasNoLines() {
        let result = TextLayout.layout([], maxWidth: 100, lineHeight: 16, measure: measure)
        #expect(result.lines.isEmpty)
        #expect(result.height == 0)
        #expect(!result.isTruncated)
        #expect(layout("", width: 100).lines.isEmpty)
    }

    @Test func wrapsAtSpacesAndDropsThem() {
        let result = layout("aaa bbb ccc", width: 49)
        #expect(texts(result) == ["aaa bbb", "ccc"])
        #expect(result.lines.map(\.width) == [49, 21])
        #expect(result.height == 32)
        #expect(result.width == 49)
    }

    @Test func manySpacesBetweenWordsAreKeptInsideALine() {
        #expect(texts(layout("a  b", width: 100)) == ["a  b"])
        #expect(texts(layout("aaaa   bbbb", width: 40)) == ["aaaa", "bbbb"])
    }

    @Test func leadingIndentationIsKeptOnlyAtParagraphStart() {
        #expect(texts(layout("  ab cd", width: 35)) == ["  ab", "cd"])
    }

    @Test func wordWiderThanTheLineBreaksBetweenCharacters() {
        #expect(texts(layout("abcdefghij", width: 28, maxLines: nil)) == ["abcd", "efgh", "ij"])
    }

    @Test func longWordStartsOnItsOwnLineAndTextContinuesAfterIt() {
        #expect(texts(layout("hi abcdefghij ok", width: 28, maxLines: nil))
                == ["hi", "abcd", "efgh", "ij", "ok"])
    }

    @Test func breakingNeverSplitsAGraphemeCluster() {
        let e = "e\u{301}"
        let result = layout(String(repeating: e, count: 5), width: 14, maxLines: nil)
        #expect(texts(result) == [e + e, e + e, e])
        let family = "👨‍👩‍👧"
        #expect(texts(layout(family + family, width: 7, maxLines: nil)) == [family, family])
    }

    @Test func characterWiderThanTheLineStillGetsALine() {
        #expect(texts(layout("ab", width: 3, maxLines: nil)) == ["a", "b"])
    }

    @Test func cjkWrapsBetweenCharacters() {
        let result = layout("这是一个很长的中文句子", width: 56, maxLines: nil)
        #expect(texts(result) == ["这是一个", "很长的中", "文句子"])
        #expect(result.lines[0].segments == [
            LaidOutText.Segment(text: "这是一个", style: FontStyle(font: 1), x: 0, width: 56),
        ])
    }

    @Test func cjkClosingPunctuationDoesNotStartALine() {
        let result = layout("あいう。えお", width: 42, maxLines: nil)
        #expect(texts(result) == ["あい", "う。え", "お"])
    }

    @Test func cjkOpeningBracketDoesNotEndALine() {
        #expect(texts(layout("あいう「えお」", width: 56, maxLines: nil)) == ["あいう", "「えお」"])
    }

    @Test func latinNextToCJKMayBreak() {
        #expect(texts(layout("Hello世界", width: 42, maxLines: nil)) == ["Hello", "世界"])
    }

    @Test func newlinesStartLines() {
        #expect(texts(layout("a\nb", width: 100)) == ["a", "b"])
        #expect(texts(layout("a\n\nb", width: 100)) == ["a", "", "b"])
        #expect(texts(layout("a\r\nb", width: 100)) == ["a", "b"])
        #expect(texts(layout("a\n", width: 100)) == ["a"])
    }

    @Test func textBeyondMaxLinesEndsInAnEllipsis() {
        let result = layout("one two three four five six", width: 35, maxLines: 2)
        #expect(texts(result) == ["one", "two…"])
        #expect(result.isTruncated)
        #expect(result.height == 32)
    }

    @Test func ellipsisReplacesCharactersUntilItFits() {
        let result = layout("abcdefghijklmnop", width: 35, maxLines: 1)
        #expect(texts(result) == ["abcd…"])
        #expect(result.lines[0].width == 35)
    }

    @Test func ellipsisAfterANewlineCut() {
        let result = layout("a\nb\nc\nd", width: 100)
        #expect(texts(result) == ["a", "b", "c…"])
        #expect(result.isTruncated)
    }

    @Test func ellipsisDoesNotFollowASpace() {
        let wideEllipsis: TextLayout.Measure = { text, _ in text == "…" ? 14 : Double(text.count) * 7 }
        let result = TextLayout.layout([StyledRun(text: "ab cd xyz")], maxWidth: 35, maxLines: 1,
                                       lineHeight: 16, measure: wideEllipsis)
        #expect(texts(result) == ["ab…"])
    }

    @Test func ellipsisMayRemoveWholeSegments() {
        let runs = [StyledRun(text: "ab "), StyledRun(text: "c", bold: true), StyledRun(text: " defgh")]
        let result = TextLayout.layout(runs, maxWidth: 36, maxLines: 1, lineHeight: 16, measure: measure)
        // "ab c…" would be 37 wide, so the bold "c" goes whole and the space before it too;
        // the ellipsis keeps the style of the text it replaces.
        #expect(result.lines[0].segments == [
            LaidOutText.Segment(text: "ab", style: .regular, x: 0, width: 14),
            LaidOutText.Segment(text: "…", style: FontStyle(bold: true), x: 14, width: 8),
        ])
    }

    @Test func ellipsisTakesTheStyleOfTheTextBeforeIt() {
        let result = TextLayout.layout([StyledRun(text: "abcdefgh", bold: true, underline: true)],
                                       maxWidth: 40, maxLines: 1, lineHeight: 16, measure: measure)
        #expect(result.lines[0].segments == [
            LaidOutText.Segment(text: "abcd…", style: FontStyle(bold: true), underline: true, x: 0, width: 40),
        ])
    }

    @Test func ellipsisUsesTheFontThatHasIt() {
        let result = TextLayout.layout([StyledRun(text: "abcdefgh")], maxWidth: 35, maxLines: 1,
                                       lineHeight: 16, measure: measure,
                                       fontFor: { character, _ in character == "…" ? 2 : 0 })
        #expect(result.lines[0].segments.last?.text == "…")
        #expect(result.lines[0].segments.last?.font == 2)
    }

    @Test func truncatedBlankLineShowsOnlyTheEllipsis() {
        #expect(texts(layout("a\n\n\nb", width: 100)) == ["a", "", "…"])
    }

    @Test func exactlyMaxLinesIsNotTruncated() {
        let result = layout("a\nb\nc", width: 100)
        #expect(texts(result) == ["a", "b", "c"])
        #expect(!result.isTruncated)
    }

    @Test func defaultMaxLinesIsThree() {
        let result = TextLayout.layout([StyledRun(text: "a\nb\nc\nd")], maxWidth: 100, lineHeight: 16,
                                       measure: measure)
        #expect(result.lines.count == 3)
        #expect(result.isTruncated)
    }

    @Test func maxLinesBelowOneCountsAsOne() {
        #expect(texts(layout("a\nb", width: 100, maxLines: 0)) == ["a…"])
    }

    @Test func nilMaxLinesShowsEverything() {
        let text = Array(repeating: "word", count: 30).joined(separator: " ")
        let result = layout(text, width: 70, maxLines: nil)
        #expect(result.lines.count == 15)
        #expect(result.lines.allSatisfy { $0.text == "word word" })
        #expect(!result.isTruncated)
        #expect(result.height == 15 * 16)
    }

    @Test func stylesBecomeSegmentsWithOffsets() {
        let runs = [StyledRun(text: "a "), StyledRun(text: "bc", bold: true),
                    StyledRun(text: " d", italic: true, underline: true)]
        let result = TextLayout.layout(runs, maxWidth: 100, lineHeight: 16, measure: measure)
        #expect(result.lines == [LaidOutText.Line(segments: [
            LaidOutText.Segment(text: "a ", style: .regular, x: 0, width: 14),
            LaidOutText.Segment(text: "bc", style: FontStyle(bold: true), x: 14, width: 16),
            LaidOutText.Segment(text: " d", style: FontStyle(italic: true), underline: true, x: 30, width: 14),
        ], width: 44)])
    }

    @Test func wordsSpanningStylesWrapAsOneWord() {
        let runs = [StyledRun(text: "xx ab"), StyledRun(text: "cd", bold: true)]
        let result = TextLayout.layout(runs, maxWidth: 40, lineHeight: 16, measure: measure)
        #expect(texts(result) == ["xx", "abcd"])
        #expect(result.lines[1].segments.map(\.x) == [0, 14])
    }

    @Test func fallbackFontsSplitRunsIntoSegments() {
        let result = layout("Hi 世界!", width: 200)
        #expect(result.lines[0].segments == [
            LaidOutText.Segment(text: "Hi ", style: .regular, x: 0, width: 21),
            LaidOutText.Segment(text: "世界", style: FontStyle(font: 1), x: 21, width: 28),
            LaidOutText.Segment(text: "!", style: .regular, x: 49, width: 7),
        ])
        #expect(result.lines[0].segments.map(\.font) == [0, 1, 0])
    }

    @Test func fontForIsAskedWithTheRunsWeightAndSlant() {
        var asked: [FontStyle] = []
        _ = TextLayout.layout([StyledRun(text: "a", bold: true, italic: true)], maxWidth: 100,
                              lineHeight: 16, measure: measure,
                              fontFor: { _, style in asked.append(style); return 0 })
        #expect(asked == [FontStyle(bold: true, italic: true)])
    }

    @Test func measureOnlySeesSingleFaceText() {
        var calls: [(String, FontStyle)] = []
        let runs = [StyledRun(text: "Hi 世界! "), StyledRun(text: "bold中", bold: true),
                    StyledRun(text: " averyveryverylongword 終わり。")]
        _ = TextLayout.layout(runs, maxWidth: 60, maxLines: 2, lineHeight: 16,
                              measure: { calls.append(($0, $1)); return measure($0, $1) },
                              fontFor: fontFor)
        #expect(!calls.isEmpty)
        for (text, style) in calls {
            #expect(text.allSatisfy { fontFor($0, style) == style.font }, "\(text) mixes fonts")
        }
    }

    @Test func measuresEachWordOnceNotEveryPrefix() {
        var calls = 0
        let words = 200
        let text = Array(repeating: "word", count: words).joined(separator: " ")
        let result = TextLayout.layout([StyledRun(text: text)], maxWidth: 100, maxLines: nil,
                                       lineHeight: 16,
                                       measure: { calls += 1; return measure($0, $1) })
        #expect(result.lines.count == 67)
        #expect(calls <= 2 * words)
    }
}
