import ConfigParsing
import Testing
import ToastCore

/// `[text] show_age_threshold`: dunst's age text, from an age the caller gives.
@Suite struct CardAgeTextTests {
    @Test("dunst's words: (Ns old), (Mm Ns old), (Hh Mm Ns old), only past the threshold")
    func suffix() {
        #expect(CardAge.suffix(age: 61, threshold: nil) == nil)
        #expect(CardAge.suffix(age: 60.9, threshold: 60) == nil, "60 whole seconds is not past 60")
        #expect(CardAge.suffix(age: 61.2, threshold: 60) == "(1m 1s old)")
        #expect(CardAge.suffix(age: 7, threshold: 0) == "(7s old)")
        #expect(CardAge.suffix(age: 3725, threshold: 0) == "(1h 2m 5s old)")
        #expect(CardAge.suffix(age: 0, threshold: 0) == nil)
        // Out of range ages neither trap nor lie: clamped, or nothing.
        #expect(CardAge.suffix(age: -5, threshold: 0) == nil)
        #expect(CardAge.suffix(age: .nan, threshold: 0) == nil && CardAge.suffix(age: .infinity, threshold: 0) == nil)
        #expect(CardAge.suffix(age: 1e300, threshold: 0)?.hasSuffix("s old)") == true)
    }

    @Test("the next change: the first whole second past the threshold, then each second")
    func nextChange() {
        #expect(CardAge.nextChange(shownAt: 100, now: 101.5, threshold: 60) == 161)
        #expect(CardAge.nextChange(shownAt: 100, now: 170.2, threshold: 60) == 171)
        #expect(CardAge.nextChange(shownAt: 100, now: 100, threshold: 0) == 101)
        #expect(CardAge.nextChange(shownAt: 100, now: 100, threshold: nil) == nil)
        #expect(CardAge.nextChange(shownAt: .nan, now: 100, threshold: 0) == nil)
    }

    @Test("the age follows the card's text: after the message (or the format's text), else the title; hide_text shows none")
    func onTheCard() {
        var config = Config()
        config.showAgeThreshold = 60
        let composer = CardComposer(config: config, scale: 1)
        let t = Toast(id: "1", title: "Title", message: "body")
        #expect(composer.presented(t, age: 30).message == "body")
        #expect(composer.presented(t, age: 90).message == "body (1m 30s old)")
        #expect(composer.presented(t).message == "body", "no age given: none drawn")
        let titleOnly = Toast(id: "2", title: "Title", message: "")
        #expect(composer.presented(titleOnly, age: 90).title == "Title (1m 30s old)")
        var hidden = t
        hidden.hidesText = true
        #expect(composer.presented(hidden, age: 90).message == "")
        var formatted = config
        formatted.format = "<b>%s</b>\\n%b"
        #expect(CardComposer(config: formatted, scale: 1).presented(t, age: 90).message == "<b>Title</b>\nbody (1m 30s old)")
    }

    @Test("[text] show_age_threshold reads seconds; unset, none")
    func config() {
        #expect(ConfigParser.parse("[text]\nshow_age_threshold = 60\n", file: "t").config.showAgeThreshold == 60)
        #expect(ConfigParser.parse("", file: "t").config.showAgeThreshold == nil)
        #expect(!ConfigParser.parse("[text]\nshow_age_threshold = -1\n", file: "t").diagnostics.isEmpty)
    }
}
