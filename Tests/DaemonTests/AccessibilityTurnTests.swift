@testable import Accessibility
import Testing

/// Issue 43: a screen reader's flood of edits cannot hold the loop: each turn serves at most
/// `textEditsPerTurn` edits of the reply field and `messagesPerTurn` messages, within the
/// turn's time, and always at least one message (so a flood cannot starve the bus either).
@Suite struct AccessibilityTurnTests {
    @Test("a turn reads the first message always, stops at the fourth edit of the field, at 32 messages, and when its time is spent")
    func boundsPerTurn() {
        #expect(AccessibilityBus.textEditsPerTurn == 4)
        #expect(AccessibilityBus.messagesPerTurn == 32)
        #expect(AccessibilityBus.readsAnother(after: 0, textEdits: 0, budgetSpent: true))
        #expect(AccessibilityBus.readsAnother(after: 3, textEdits: 3, budgetSpent: false))
        #expect(!AccessibilityBus.readsAnother(after: 4, textEdits: 4, budgetSpent: false))
        #expect(!AccessibilityBus.readsAnother(after: 9, textEdits: 4, budgetSpent: false))
        #expect(AccessibilityBus.readsAnother(after: 31, textEdits: 0, budgetSpent: false))
        #expect(!AccessibilityBus.readsAnother(after: 32, textEdits: 0, budgetSpent: false))
        #expect(!AccessibilityBus.readsAnother(after: 1, textEdits: 0, budgetSpent: true))
    }
}
