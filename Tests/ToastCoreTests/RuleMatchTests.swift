@testable import Operations
@testable import Patterns
import Testing
@testable import ToastCore

@Suite struct RuleMatchTests {
    private func holds(_ field: RuleField, _ op: RuleOperator, _ value: String, _ subject: RuleSubject) throws -> Bool {
        try RuleMatch(field: field, op: op, value: value).holds(for: subject)
    }

    @Test func everyOperator() throws {
        let spotify = RuleSubject(app: "Spotify")
        #expect(try holds(.app, .glob, "Spot*", spotify))
        #expect(!(try holds(.app, .glob, "Spot", spotify)))
        #expect(try holds(.app, .regex, "pot", spotify))
        #expect(!(try holds(.app, .regex, "^pot", spotify)))
        #expect(try holds(.app, .notGlob, "Firefox", spotify))
        #expect(!(try holds(.app, .notGlob, "Spot*", spotify)))
        #expect(try holds(.app, .notRegex, "^Fire", spotify))
        #expect(!(try holds(.app, .notRegex, "fy$", spotify)))
    }

    @Test func everyFieldReadsItsOwnText() throws {
        let subject = RuleSubject(app: "Mailer", desktopEntry: "org.mail", summary: "New mail", body: "From Ann",
                                  icon: "mail-unread", category: "email.arrived", urgency: .critical, kind: .warning,
                                  source: .bus, stackTag: "mail", transient: true)
        let expected: [RuleField: String] = [
            .app: "Mailer", .desktopEntry: "org.mail", .summary: "New mail", .body: "From Ann", .icon: "mail-unread",
            .category: "email.arrived", .urgency: "critical", .kind: "warning", .source: "dbus", .stackTag: "mail",
            .transient: "yes",
        ]
        #expect(Set(expected.keys) == Set(RuleField.allCases))
        for (field, text) in expected {
            #expect(subject.text(of: field) == text, "\(field)")
            #expect(try holds(field, .glob, text, subject), "\(field)")
            #expect(!(try holds(field, .notGlob, text, subject)), "\(field)")
        }
        #expect(RuleSubject().text(of: .transient) == "no")
        #expect(RuleSubject().text(of: .source) == "socket")
    }

    @Test func aMissingFieldIsTheEmptyText() throws {
        let bare = RuleSubject(app: "x")
        #expect(try holds(.category, .glob, "", bare))
        #expect(try holds(.category, .notGlob, "email.*", bare))
        #expect(try holds(.desktopEntry, .notRegex, ".", bare))
        #expect(!(try holds(.icon, .regex, ".", bare)))
    }

    @Test func matchingIsCaseSensitive() throws {
        #expect(!(try holds(.summary, .glob, "battery*", RuleSubject(summary: "Battery low"))))
        #expect(!(try holds(.summary, .regex, "battery", RuleSubject(summary: "Battery low"))))
    }

    @Test func enumeratedFieldsRefuseWordsTheyNeverHold() {
        #expect(throws: RuleProblem.self) { try RuleMatch(field: .urgency, op: .glob, value: "Critical") }
        #expect(throws: RuleProblem.self) { try RuleMatch(field: .source, op: .notGlob, value: "bus") }
        #expect(throws: RuleProblem.self) { try RuleMatch(field: .transient, op: .glob, value: "true") }
        // A wildcard or a regular expression is the user's business.
        #expect(throws: Never.self) { try RuleMatch(field: .urgency, op: .glob, value: "crit*") }
        #expect(throws: Never.self) { try RuleMatch(field: .kind, op: .regex, value: "Err") }
    }

    @Test func longPatternsAreRefused() {
        let long = String(repeating: "a", count: RuleLimits.maxPatternBytes + 1)
        #expect(throws: RuleProblem.self) { try RuleMatch(field: .body, op: .glob, value: long) }
        #expect(throws: Never.self) { try RuleMatch(field: .body, op: .glob, value: String(long.dropFirst())) }
    }

    @Test func subjectsAreBoundedAtACharacterBoundary() {
        let body = String(repeating: "é", count: RuleLimits.matchedBodyBytes)   // two bytes each
        let subject = RuleSubject(summary: String(repeating: "x", count: 5000) , body: "a" + body)
        #expect(subject.summary.utf8.count == RuleLimits.fieldBytes)
        #expect(subject.body.utf8.count == RuleLimits.matchedBodyBytes - 1)
        #expect(subject.body.hasSuffix("é"))
        var changed = subject
        changed.icon = String(repeating: "i", count: 2 * RuleLimits.fieldBytes)
        #expect(changed.icon.utf8.count == RuleLimits.fieldBytes)
    }

    @Test func patternsSeeTheFirstKibibyteOfTheBody() throws {
        let filler = String(repeating: "a", count: RuleLimits.matchedBodyBytes - 1)
        #expect(try holds(.body, .regex, "ax$", RuleSubject(body: filler + "x")))
        #expect(!(try holds(.body, .regex, "x", RuleSubject(body: filler + "ax"))))
        #expect(try holds(.body, .notRegex, "x", RuleSubject(body: filler + "ax")))
    }

    /// A NUL (or any control) in socket text is gone from the card; it must be gone for the
    /// rules too, or `a\0b` shows as `ab` while `match body ~ ab` fails (regexec stopped at it).
    @Test func rulesSeeTheTextTheCardShows() throws {
        let request = Request.decode(line: Array(#"{"op":"show","title":"Casi\u0000no","message":"you\u0000 won\r\n\u001b[31m$1000"}"#.utf8))
        guard case let .success(.show(show)) = request else {
            Issue.record("not a show request: \(request)")
            return
        }
        let subject = Submission(show, source: .socket).subject
        #expect(subject.summary == TextSanitizer.sanitize(show.title ?? ""))
        #expect(subject.body == TextSanitizer.sanitize(show.message))
        #expect(try holds(.summary, .regex, "Casino", subject))
        #expect(try holds(.summary, .glob, "Casino", subject))
        #expect(try holds(.body, .regex, "^you won\n\\[31m\\$1000$", subject))
        #expect(!(try holds(.body, .notRegex, "you won", subject)))
    }

    /// Only a prefix of a long text is cleaned; what is kept is what cleaning the whole keeps.
    @Test func aCleanedPrefixIsTheStartOfTheCleanedWhole() {
        var random = SeededRandom(seed: 32)
        let pieces = ["a", "bc ", "é", "\u{0}", "\r\n", "\r", "\n", "\t", "  ", "\u{1B}", "e\u{301}\u{301}\u{301}", "\u{202E}", "\u{85}", "x"]
        for round in 0..<200 {
            let count = Int(random.next() % 3000)
            // Some texts are mostly controls, so the prefix must grow before enough is left.
            let heavy = round % 10 == 0
            var text = ""
            for _ in 0..<count { text += heavy && random.next() % 8 != 0 ? "\u{0}" : pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = RuleSubject.bounded(TextSanitizer.sanitize(text), RuleLimits.matchedBodyBytes)
            #expect(RuleSubject(body: text).body == expected, "round \(round)")
            #expect(RuleSubject(summary: text).summary == RuleSubject.bounded(TextSanitizer.sanitize(text), RuleLimits.fieldBytes))
        }
    }
}
