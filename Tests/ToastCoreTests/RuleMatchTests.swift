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
                                  source: .dbus, stackTag: "mail", transient: true)
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
        let body = String(repeating: "é", count: RuleLimits.bodyBytes)   // two bytes each
        let subject = RuleSubject(summary: String(repeating: "x", count: 5000) , body: "a" + body)
        #expect(subject.summary.utf8.count == RuleLimits.fieldBytes)
        #expect(subject.body.utf8.count == RuleLimits.bodyBytes - 1)
        #expect(subject.body.hasSuffix("é"))
        var changed = subject
        changed.icon = String(repeating: "i", count: 2 * RuleLimits.fieldBytes)
        #expect(changed.icon.utf8.count == RuleLimits.fieldBytes)
    }
}
