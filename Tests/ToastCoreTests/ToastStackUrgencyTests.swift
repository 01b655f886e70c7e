import Testing
import ToastCore

/// Adds `ids` (normal urgency, the given timeout) at time 0.
private func stack(max: Int, maxWaiting: Int = 100, _ ids: [String], timeout: Double = 4) -> ToastStack {
    var s = ToastStack(maxVisible: max, maxWaiting: maxWaiting)
    for id in ids { _ = s.add(toast(id, timeout: timeout), now: 0) }
    return s
}

@Suite struct ToastStackUrgencyTests {
    // MARK: Do-not-disturb

    @Test func notHeldByDefault() {
        let s = ToastStack()
        #expect(!s.holdsNew)
        #expect(s.maxWaiting == 100)
        #expect(ToastStack(maxWaiting: 0).maxWaiting == 1)
        #expect(ToastStack(maxWaiting: -5).maxWaiting == 1)
        #expect(ToastStack(maxVisible: 3, maxWaiting: 7).maxWaiting == 7)
    }

    @Test func holdingReturnsNoChangeAndKeepsVisibleOnes() {
        var s = stack(max: 3, ["a", "b"])
        let change = s.setHoldsNew(true, now: 1)
        #expect(change.isNothing)
        #expect(s.holdsNew)
        #expect(visibleIDs(s) == ["a", "b"])
        #expect(waitingIDs(s).isEmpty)
        // Their timers keep running.
        #expect(s.nextDeadline == 4)
    }

    @Test func newToastsWaitWhileHeldEvenWithRoom() {
        var s = stack(max: 3, ["a"])
        _ = s.setHoldsNew(true, now: 0)
        let change = s.add(toast("b"), now: 1)
        #expect(change.queued == ["b"])
        #expect(change.shown.isEmpty)
        #expect(change.removed.isEmpty)
        #expect(change.replaced == nil)
        #expect(visibleIDs(s) == ["a"])
        #expect(waitingIDs(s) == ["b"])
        #expect(!s.isVisible("b"))
        #expect(s.contains("b"))
        // A waiting toast's timer does not run.
        #expect(s.entry("b")?.deadline == nil)
        #expect(s.entry("b")?.remaining == 4)
    }

    @Test func nothingIsPromotedWhileHeld() {
        var s = stack(max: 1, ["a"], timeout: 2)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("b"), now: 0)
        _ = s.add(toast("c"), now: 0)
        // The visible one times out; the slot stays empty.
        let expired = s.expire(now: 2)
        #expect(removedIDs(expired) == ["a"])
        #expect(removedReasons(expired) == [.timeout])
        #expect(expired.shown.isEmpty)
        #expect(s.visible.isEmpty)
        #expect(waitingIDs(s) == ["b", "c"])
        // Nor after an explicit removal, nor a larger stack.
        let removed = s.remove("c", reason: .api, now: 3)
        #expect(removedIDs(removed) == ["c"])
        #expect(removed.shown.isEmpty)
        #expect(s.setMaxVisible(5, now: 3).shown.isEmpty)
        #expect(s.visible.isEmpty)
        #expect(waitingIDs(s) == ["b"])
    }

    @Test func resumeShowsWaitingInOrderAndStartsTheirTimersThen() {
        var s = ToastStack(maxVisible: 5)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("a", timeout: 4), now: 1)
        _ = s.add(toast("b", timeout: 6), now: 2)
        _ = s.add(toast("c", timeout: 0), now: 3)
        #expect(s.visible.isEmpty)
        #expect(waitingIDs(s) == ["a", "b", "c"])

        let change = s.setHoldsNew(false, now: 100)
        #expect(!s.holdsNew)
        #expect(change.shown == ["a", "b", "c"])
        #expect(change.queued.isEmpty)
        #expect(change.removed.isEmpty)
        #expect(visibleIDs(s) == ["a", "b", "c"])
        #expect(s.waiting.isEmpty)
        #expect(s.entry("a")?.deadline == 104)
        #expect(s.entry("b")?.deadline == 106)
        #expect(s.entry("c")?.deadline == nil)
        #expect(s.nextDeadline == 104)
    }

    @Test func resumeFillsOnlyFreeSlots() {
        var s = stack(max: 2, ["a"])
        _ = s.setHoldsNew(true, now: 0)
        for id in ["b", "c", "d"] { _ = s.add(toast(id), now: 0) }
        let change = s.setHoldsNew(false, now: 10)
        #expect(change.shown == ["b"])
        #expect(visibleIDs(s) == ["a", "b"])
        #expect(waitingIDs(s) == ["c", "d"])
        // Normal promotion is back on.
        let removed = s.remove("a", reason: .click, now: 11)
        #expect(removed.shown == ["c"])
        #expect(s.entry("c")?.deadline == 15)
        #expect(waitingIDs(s) == ["d"])
    }

    @Test func resumeWhilePausedShowsButDoesNotStartTimers() {
        var s = ToastStack(maxVisible: 3)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("a", timeout: 4), now: 0)
        s.setPaused(true, now: 1)
        let change = s.setHoldsNew(false, now: 5)
        #expect(change.shown == ["a"])
        #expect(s.entry("a")?.deadline == nil)
        #expect(s.entry("a")?.remaining == 4)
        s.setPaused(false, now: 9)
        #expect(s.entry("a")?.deadline == 13)
    }

    @Test func resumeWhenNothingWaitsChangesNothing() {
        var s = stack(max: 3, ["a"])
        #expect(s.setHoldsNew(false, now: 1).isNothing)
        _ = s.setHoldsNew(true, now: 1)
        #expect(s.setHoldsNew(false, now: 2).isNothing)
        #expect(visibleIDs(s) == ["a"])
    }

    @Test func holdingTwiceThenResumingOnce() {
        var s = ToastStack(maxVisible: 3)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("a"), now: 0)
        #expect(waitingIDs(s) == ["a"])
        #expect(s.setHoldsNew(false, now: 1).shown == ["a"])
    }

    // MARK: Critical urgency

    @Test func criticalShowsWhileHeld() {
        var s = stack(max: 3, ["a"])
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("n"), now: 1)
        let change = s.add(toast("c", timeout: 0, urgency: .critical), now: 2)
        #expect(change.shown == ["c"])
        #expect(change.queued.isEmpty)
        #expect(visibleIDs(s) == ["a", "c"])
        #expect(waitingIDs(s) == ["n"])
    }

    @Test func criticalStartsItsTimerWhenShownWhileHeld() {
        var s = ToastStack(maxVisible: 3)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("c", timeout: 5, urgency: .critical), now: 2)
        #expect(s.entry("c")?.deadline == 7)
    }

    @Test func criticalGoesToTheFrontOfTheQueueBehindEarlierCriticalOnes() {
        var s = stack(max: 1, ["v", "n1", "n2"])
        #expect(waitingIDs(s) == ["n1", "n2"])
        let first = s.add(toast("c1", urgency: .critical), now: 0)
        #expect(first.queued == ["c1"])
        #expect(first.shown.isEmpty)
        #expect(waitingIDs(s) == ["c1", "n1", "n2"])
        _ = s.add(toast("c2", urgency: .critical), now: 0)
        #expect(waitingIDs(s) == ["c1", "c2", "n1", "n2"])
        _ = s.add(toast("l", urgency: .low), now: 0)
        #expect(waitingIDs(s) == ["c1", "c2", "n1", "n2", "l"])
        _ = s.add(toast("c3", urgency: .critical), now: 0)
        #expect(waitingIDs(s) == ["c1", "c2", "c3", "n1", "n2", "l"])
    }

    @Test func lowAndNormalQueueInArrivalOrder() {
        var s = stack(max: 1, ["v"])
        _ = s.add(toast("l1", urgency: .low), now: 0)
        _ = s.add(toast("n1"), now: 0)
        _ = s.add(toast("l2", urgency: .low), now: 0)
        #expect(waitingIDs(s) == ["l1", "n1", "l2"])
    }

    @Test func criticalIsPromotedWhileHeldButNothingBehindIt() {
        var s = stack(max: 1, ["v"])
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("n"), now: 0)
        _ = s.add(toast("c1", urgency: .critical), now: 0)
        _ = s.add(toast("c2", urgency: .critical), now: 0)
        #expect(waitingIDs(s) == ["c1", "c2", "n"])

        let first = s.remove("v", reason: .close, now: 3)
        #expect(first.shown == ["c1"])
        #expect(visibleIDs(s) == ["c1"])
        #expect(s.entry("c1")?.deadline == 7)
        let second = s.remove("c1", reason: .close, now: 4)
        #expect(second.shown == ["c2"])
        let third = s.remove("c2", reason: .close, now: 5)
        #expect(third.shown.isEmpty)
        #expect(s.visible.isEmpty)
        #expect(waitingIDs(s) == ["n"])
        #expect(s.setHoldsNew(false, now: 6).shown == ["n"])
    }

    @Test func criticalWhileHeldFillsFreedSlotsWithRoomForSeveral() {
        var s = stack(max: 3, ["a", "b", "c"])
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("c1", urgency: .critical), now: 0)
        _ = s.add(toast("c2", urgency: .critical), now: 0)
        _ = s.add(toast("n"), now: 0)
        let change = s.setMaxVisible(6, now: 1)
        #expect(change.shown == ["c1", "c2"])
        #expect(visibleIDs(s) == ["a", "b", "c", "c1", "c2"])
        #expect(waitingIDs(s) == ["n"])
    }

    // MARK: Overflow

    @Test func overflowDropsTheOldestLowFirst() {
        var s = stack(max: 1, maxWaiting: 3, ["v"])
        _ = s.add(toast("n1"), now: 0)
        _ = s.add(toast("l1", urgency: .low), now: 0)
        _ = s.add(toast("l2", urgency: .low), now: 0)
        #expect(waitingIDs(s) == ["n1", "l1", "l2"])
        let change = s.add(toast("n2"), now: 1)
        #expect(change.queued == ["n2"])
        #expect(removedIDs(change) == ["l1"])
        #expect(removedReasons(change) == [.overflow])
        #expect(change.shown.isEmpty)
        #expect(waitingIDs(s) == ["n1", "l2", "n2"])
        #expect(!s.contains("l1"))
    }

    @Test func overflowDropsTheOldestNormalWhenNoLowWaits() {
        var s = stack(max: 1, maxWaiting: 2, ["v", "n1", "n2"])
        let change = s.add(toast("n3"), now: 1)
        #expect(change.queued == ["n3"])
        #expect(removedIDs(change) == ["n1"])
        #expect(removedReasons(change) == [.overflow])
        #expect(waitingIDs(s) == ["n2", "n3"])
    }

    @Test func overflowCanDropTheNewLowToastItself() {
        var s = stack(max: 1, maxWaiting: 2, ["v", "n1", "n2"])
        let change = s.add(toast("l", urgency: .low), now: 1)
        #expect(change.queued == ["l"])
        #expect(removedIDs(change) == ["l"])
        #expect(removedReasons(change) == [.overflow])
        #expect(waitingIDs(s) == ["n1", "n2"])
    }

    @Test func overflowNeverDropsCritical() {
        var s = stack(max: 1, maxWaiting: 2, ["v", "n1", "n2"])
        let first = s.add(toast("c1", urgency: .critical), now: 0)
        #expect(removedIDs(first) == ["n1"])
        #expect(waitingIDs(s) == ["c1", "n2"])
        let second = s.add(toast("c2", urgency: .critical), now: 0)
        #expect(removedIDs(second) == ["n2"])
        #expect(waitingIDs(s) == ["c1", "c2"])
        // Only critical ones wait: the queue grows past its limit rather than drop one.
        let third = s.add(toast("c3", urgency: .critical), now: 0)
        #expect(third.removed.isEmpty)
        #expect(third.queued == ["c3"])
        #expect(waitingIDs(s) == ["c1", "c2", "c3"])
        // A normal toast arriving now is the one dropped.
        let fourth = s.add(toast("n3"), now: 0)
        #expect(removedIDs(fourth) == ["n3"])
        #expect(removedReasons(fourth) == [.overflow])
        #expect(waitingIDs(s) == ["c1", "c2", "c3"])
    }

    @Test func overflowWhileHeld() {
        var s = ToastStack(maxVisible: 5, maxWaiting: 2)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("l", urgency: .low), now: 0)
        _ = s.add(toast("n1"), now: 0)
        let change = s.add(toast("n2"), now: 0)
        #expect(removedIDs(change) == ["l"])
        #expect(removedReasons(change) == [.overflow])
        #expect(waitingIDs(s) == ["n1", "n2"])
        #expect(s.setHoldsNew(false, now: 1).shown == ["n1", "n2"])
    }

    @Test func withinTheLimitNothingIsDropped() {
        let s = stack(max: 1, maxWaiting: 3, ["v", "a", "b", "c"])
        #expect(waitingIDs(s) == ["a", "b", "c"])
    }

    // MARK: Update in place

    @Test func updateVisibleKeepsSlotAndTimeLeft() throws {
        var s = stack(max: 3, ["a", "b", "c"])
        var changed = toast("b", timeout: 10, message: "new text")
        changed.progress = 50
        let updated = s.update(changed, restartTimer: false, now: 3)
        #expect(updated)
        #expect(visibleIDs(s) == ["a", "b", "c"])
        let entry = try #require(s.entry("b"))
        #expect(entry.toast == changed)
        #expect(entry.remaining == 4)
        #expect(entry.deadline == 4)
        #expect(s.expire(now: 4).removed.map(\.id) == ["a", "b", "c"])
    }

    @Test func updateVisibleWithRestartStartsTheNewTimeoutNow() throws {
        var s = stack(max: 3, ["a", "b", "c"])
        let changed = toast("b", timeout: 10, message: "new text")
        let updated = s.update(changed, restartTimer: true, now: 3)
        #expect(updated)
        #expect(visibleIDs(s) == ["a", "b", "c"])
        let entry = try #require(s.entry("b"))
        #expect(entry.toast == changed)
        #expect(entry.remaining == 10)
        #expect(entry.deadline == 13)
        #expect(removedIDs(s.expire(now: 4)) == ["a", "c"])
        #expect(removedIDs(s.expire(now: 13)) == ["b"])
    }

    @Test func updateWithRestartToNoTimeoutStopsTheTimer() {
        var s = stack(max: 3, ["a"])
        let updated = s.update(toast("a", timeout: 0), restartTimer: true, now: 1)
        #expect(updated)
        #expect(s.entry("a")?.remaining == nil)
        #expect(s.entry("a")?.deadline == nil)
        #expect(s.nextDeadline == nil)
    }

    @Test func updateVisibleWhilePaused() {
        var s = stack(max: 3, ["a", "b"])
        s.setPaused(true, now: 1)
        let updatedA = s.update(toast("a", timeout: 4, message: "x"), restartTimer: false, now: 2)
        #expect(updatedA)
        #expect(s.entry("a")?.remaining == 3)
        #expect(s.entry("a")?.deadline == nil)
        let updatedB = s.update(toast("b", timeout: 8), restartTimer: true, now: 2)
        #expect(updatedB)
        #expect(s.entry("b")?.remaining == 8)
        #expect(s.entry("b")?.deadline == nil)
        s.setPaused(false, now: 10)
        #expect(s.entry("a")?.deadline == 13)
        #expect(s.entry("b")?.deadline == 18)
    }

    @Test func updateWaitingKeepsSlotAndTimeLeft() throws {
        // Two shown at 0, one demoted at 1 with 3 s left, so the time left differs from the timeout.
        var s = stack(max: 2, ["a", "b", "w"])
        _ = s.setMaxVisible(1, now: 1)
        #expect(visibleIDs(s) == ["b"])
        #expect(waitingIDs(s) == ["a", "w"])
        #expect(s.entry("a")?.remaining == 3)

        let changed = toast("a", timeout: 10, message: "new")
        let updated = s.update(changed, restartTimer: false, now: 2)
        #expect(updated)
        #expect(waitingIDs(s) == ["a", "w"])
        let entry = try #require(s.entry("a"))
        #expect(entry.toast == changed)
        #expect(entry.remaining == 3)
        #expect(entry.deadline == nil)
        // Shown later, it keeps the 3 s.
        _ = s.remove("b", reason: .api, now: 20)
        #expect(s.entry("a")?.deadline == 23)
    }

    @Test func updateWaitingWithRestartTakesTheNewTimeout() throws {
        var s = stack(max: 2, ["a", "b", "w"])
        _ = s.setMaxVisible(1, now: 1)
        let changed = toast("a", timeout: 10, message: "new")
        let updated = s.update(changed, restartTimer: true, now: 2)
        #expect(updated)
        #expect(waitingIDs(s) == ["a", "w"])
        let entry = try #require(s.entry("a"))
        #expect(entry.toast == changed)
        #expect(entry.remaining == 10)
        #expect(entry.deadline == nil)
        _ = s.remove("b", reason: .api, now: 20)
        #expect(s.entry("a")?.deadline == 30)
    }

    @Test func updateWaitingWhileHeldDoesNotShowIt() {
        var s = ToastStack(maxVisible: 3)
        _ = s.setHoldsNew(true, now: 0)
        _ = s.add(toast("a"), now: 0)
        let updated = s.update(toast("a", message: "changed"), restartTimer: true, now: 1)
        #expect(updated)
        #expect(s.visible.isEmpty)
        #expect(waitingIDs(s) == ["a"])
        #expect(s.entry("a")?.toast.message == "changed")
    }

    @Test func updateUnknownIDReturnsFalseAndChangesNothing() {
        var s = stack(max: 1, ["a", "b"])
        let before = s
        let withoutRestart = s.update(toast("zzz"), restartTimer: false, now: 1)
        #expect(!withoutRestart)
        let withRestart = s.update(toast("zzz"), restartTimer: true, now: 1)
        #expect(!withRestart)
        #expect(s.visible == before.visible)
        #expect(s.waiting == before.waiting)
        #expect(!s.contains("zzz"))
    }
}
