import Testing
import ToastCore

@Suite struct MarkupTests {
    @Test func plainTextIsOneUnstyledRun() {
        #expect(Markup.parse("hello world") == [StyledRun(text: "hello world")])
    }

    @Test func emptyTextHasNoRuns() {
        #expect(Markup.parse("") == [])
        #expect(Markup.parse("<b></b>") == [])
        #expect(Markup.plain("") == [])
    }

    @Test func eachTagSetsItsStyle() {
        #expect(Markup.parse("a <b>bold</b> <i>it</i> <u>under</u>") == [
            StyledRun(text: "a "),
            StyledRun(text: "bold", bold: true),
            StyledRun(text: " "),
            StyledRun(text: "it", italic: true),
            StyledRun(text: " "),
            StyledRun(text: "under", underline: true),
        ])
    }

    @Test func nestedTagsCombine() {
        #expect(Markup.parse("<b>a<i>b<u>c</u></i></b>d") == [
            StyledRun(text: "a", bold: true),
            StyledRun(text: "b", bold: true, italic: true),
            StyledRun(text: "c", bold: true, italic: true, underline: true),
            StyledRun(text: "d"),
        ])
    }

    @Test func sameTagNestedTwiceStaysOnUntilTheOuterCloses() {
        #expect(Markup.parse("<b>a<b>b</b>c</b>") == [StyledRun(text: "abc", bold: true)])
    }

    @Test func neighboursWithTheSameStyleMerge() {
        #expect(Markup.parse("<b>a</b><b>b</b>") == [StyledRun(text: "ab", bold: true)])
        #expect(Markup.parse("x<i></i>y") == [StyledRun(text: "xy")])
    }

    @Test func entitiesDecode() {
        #expect(Markup.parse("&amp;&lt;&gt;&quot;&apos;") == [StyledRun(text: "&<>\"'")])
        #expect(Markup.parse("<b>a &lt;b&gt;</b>") == [StyledRun(text: "a <b>", bold: true)])
    }

    @Test func loneGreaterThanIsText() {
        #expect(Markup.parse("a > b") == [StyledRun(text: "a > b")])
    }

    @Test func newlinesAndUnicodeSurvive() {
        #expect(Markup.parse("<b>Done</b>\n✓ 中文 e\u{301}") == [
            StyledRun(text: "Done", bold: true),
            StyledRun(text: "\n✓ 中文 e\u{301}"),
        ])
    }

    @Test(arguments: [
        "<x>a</x>", "<B>a</B>", "<b class='x'>a</b>", "<b >a</b>", "<br/>", "<b>a", "a</b>",
        "<b><i>a</b></i>", "a < b", "a <", "<", "</>", "<>", "a & b", "&", "&amp", "&nbsp;",
        "&#60;", "&AMP;", "&ampx;",
    ])
    func rejectsAnythingElse(_ text: String) {
        #expect(Markup.parse(text) == nil)
    }

    @Test func plainKeepsTagsLiteral() {
        #expect(Markup.plain("<b>x</b> &amp;") == [StyledRun(text: "<b>x</b> &amp;")])
    }

    @Test func runsFallsBackToPlainText() {
        #expect(Markup.runs("<b>x</b>", markup: true) == [StyledRun(text: "x", bold: true)])
        #expect(Markup.runs("<b>x</b>", markup: false) == [StyledRun(text: "<b>x</b>")])
        #expect(Markup.runs("Vec<u8>", markup: true) == [StyledRun(text: "Vec<u8>")])
        #expect(Markup.runs("if a < b && c", markup: true) == [StyledRun(text: "if a < b && c")])
    }
}
