import Testing
import ToastCore

/// A stack of `max` visible toasts holding `ids`, all added at time 0 with the given timeout.
private func stack(max: Int, _ ids: [String], timeout: Double = 4) -> ToastStack {
    var s = ToastStack(maxVisible: max)
    for id in ids { _ = s.add(toast(id, timeout: timeout), now: 0) }
    return s
}

@Suite struct ToastStackTests {
    // MARK: Adding and queueing

    @Test func startsEmpty() {
        let s = ToastStack()
        #expect(s.isEmpty)
        #expect(s.maxVisible == 5)
        #expect(!s.isPaused)
        #expect(s.nextDeadline == nil)
        #expect(!s.contains("a"))
    }

    @Test func maxVisibleIsAtLeastOne() {
        #expect(ToastStack(maxVisible: 0).maxVisible == 1)
        #expect(ToastStack(maxVisible: -3).maxVisible == 1)
    }

    @Test func addShowsUntilFullThenQueuesInOrder() {
        var s = ToastStack(maxVisible: 2)
        #expect(s.add(toast("a"), now: 0).shown == ["a"])
        #expect(s.add(toast("b"), now: 0).shown == ["b"])
        let c = s.add(toast("c"), now: 0)
        #expect(c.shown.isEmpty)
        #expect(c.queued == ["c"])
        #expect(s.add(toast("d"), now: 0).queued == ["d"])
        #expect(visibleIDs(s) == ["a", "b"])
        #expect(waitingIDs(s) == ["c", "d"])
        #expect(s.isVisible("a") && s.isVisible("b"))
        #expect(!s.isVisible("c"))
        #expect(s.contains("c") && s.contains("d"))
        #expect(s.entry("d")?.toast.id == "d")
        #expect(s.entry("zz") == nil)
        #expect(!s.isEmpty)
    }

    @Test func visibleToastsTimeFromWhenTheyAppear() throws {
        var s = ToastStack(maxVisible: 3)
        _ = s.add(toast("a", timeout: 4), now: 10)
        let entry = try #require(s.entry("a"))
        #expect(entry.remaining == 4)
        #expect(entry.deadline == 14)
    }

    @Test func queuedToastsHaveNoRunningTimer() throws {
        var s = stack(max: 1, ["a", "b"])
        let b = try #require(s.entry("b"))
        #expect(b.deadline == nil)
        #expect(b.remaining == 4)
        // Even long after its own timeout, a waiting toast is not expired.
        _ = s.remove("a", reason: .click, now: 0.5)
        #expect(s.isVisible("b"))
        #expect(s.expire(now: 4.4).removed.isEmpty)
    }

    // MARK: Removing and promotion

    @Test func removePromotesTheFirstWaiting() {
        var s = stack(max: 2, ["a", "b", "c", "d"])
        let change = s.remove("a", reason: .click, now: 1)
        #expect(removedIDs(change) == ["a"])
        #expect(removedReasons(change) == [.click])
        #expect(change.shown == ["c"])
        #expect(visibleIDs(s) == ["b", "c"])
        #expect(waitingIDs(s) == ["d"])
        #expect(!s.contains("a"))
    }

    @Test func removingAWaitingToastPromotesNothing() {
        var s = stack(max: 2, ["a", "b", "c", "d"])
        let change = s.remove("c", reason: .api, now: 1)
        #expect(removedIDs(change) == ["c"])
        #expect(change.shown.isEmpty)
        #expect(visibleIDs(s) == ["a", "b"])
        #expect(waitingIDs(s) == ["d"])
    }

    @Test func removingAnUnknownIDChangesNothing() {
        var s = stack(max: 2, ["a", "b", "c"])
        let change = s.remove("nope", reason: .api, now: 1)
        #expect(change.isNothing)
        #expect(visibleIDs(s) == ["a", "b"])
        #expect(waitingIDs(s) == ["c"])
    }

    @Test func promotedToastGetsItsFullTimeout() throws {
        var s = stack(max: 1, ["a", "b"], timeout: 4)
        _ = s.remove("a", reason: .close, now: 100)
        let b = try #require(s.entry("b"))
        #expect(b.remaining == 4)
        #expect(b.deadline == 104)
        #expect(s.nextDeadline == 104)
    }

    @Test func removeAllTakesVisibleAndWaiting() {
        var s = stack(max: 2, ["a", "b", "c"])
        let change = s.removeAll(reason: .shutdown)
        #expect(removedIDs(change) == ["a", "b", "c"])
        #expect(removedReasons(change) == [.shutdown, .shutdown, .shutdown])
        #expect(change.shown.isEmpty)
        #expect(s.isEmpty)
        #expect(s.nextDeadline == nil)
        var empty = ToastStack()
        #expect(empty.removeAll(reason: .api).isNothing)
    }

    // MARK: Expiry

    @Test func expireRemovesOnlyWhatIsDue() {
        var s = ToastStack(maxVisible: 3)
        _ = s.add(toast("a", timeout: 4), now: 0)
        _ = s.add(toast("b", timeout: 6), now: 1)
        #expect(s.nextDeadline == 4)
        #expect(s.expire(now: 3.999).isNothing)
        let change = s.expire(now: 4)
        #expect(removedIDs(change) == ["a"])
        #expect(removedReasons(change) == [.timeout])
        #expect(visibleIDs(s) == ["b"])
        #expect(s.nextDeadline == 7)
    }

    @Test func expirePromotesWaitingToastsWithFreshTimers() throws {
        var s = ToastStack(maxVisible: 2)
        _ = s.add(toast("a", timeout: 2), now: 0)
        _ = s.add(toast("b", timeout: 3), now: 0)
        _ = s.add(toast("c", timeout: 5), now: 0)
        _ = s.add(toast("d", timeout: 5), now: 0)
        let change = s.expire(now: 10)
        #expect(removedIDs(change) == ["a", "b"])
        #expect(change.shown == ["c", "d"])
        #expect(try #require(s.entry("c")).deadline == 15)
        #expect(try #require(s.entry("d")).deadline == 15)
        #expect(waitingIDs(s).isEmpty)
    }

    @Test func queuedToastPromotedLateStillGetsFullTimeout() throws {
        var s = ToastStack(maxVisible: 1)
        _ = s.add(toast("a", timeout: 0), now: 0)     // stays until dismissed
        _ = s.add(toast("b", timeout: 3), now: 0)
        #expect(s.expire(now: 1000).removed.isEmpty)
        _ = s.remove("a", reason: .click, now: 1000)
        let b = try #require(s.entry("b"))
        #expect(b.deadline == 1003)
        #expect(s.expire(now: 1002.9).removed.isEmpty)
        #expect(removedIDs(s.expire(now: 1003)) == ["b"])
    }

    @Test func timeoutZeroNeverExpires() throws {
        var s = ToastStack()
        _ = s.add(toast("sticky", timeout: 0), now: 0)
        let entry = try #require(s.entry("sticky"))
        #expect(entry.remaining == nil)
        #expect(entry.deadline == nil)
        #expect(s.nextDeadline == nil)
        #expect(s.expire(now: 1e12).isNothing)
        #expect(s.isVisible("sticky"))
        s.setPaused(true, now: 5)
        s.setPaused(false, now: 10)
        #expect(s.entry("sticky")?.deadline == nil)
    }

    @Test func nextDeadlineIsTheEarliestVisibleOne() {
        var s = ToastStack(maxVisible: 3)
        _ = s.add(toast("a", timeout: 10), now: 0)
        _ = s.add(toast("b", timeout: 0), now: 0)
        _ = s.add(toast("c", timeout: 2), now: 1)
        _ = s.add(toast("d", timeout: 0.5), now: 1)  // waiting: does not count
        #expect(s.nextDeadline == 3)
    }

    // MARK: Pause and resume

    @Test func pauseKeepsTheRemainingTime() throws {
        var s = ToastStack()
        _ = s.add(toast("a", timeout: 4), now: 0)
        s.setPaused(true, now: 1)
        #expect(s.isPaused)
        let paused = try #require(s.entry("a"))
        #expect(paused.remaining == 3)
        #expect(paused.deadline == nil)
        #expect(s.nextDeadline == nil)
        #expect(s.expire(now: 100).isNothing)
        s.setPaused(false, now: 50)
        #expect(!s.isPaused)
        // Not restarted: 3 s left, not 4.
        #expect(s.entry("a")?.deadline == 53)
        // A second pause keeps counting down from what was left.
        s.setPaused(true, now: 52)
        #expect(s.entry("a")?.remaining == 1)
        s.setPaused(false, now: 60)
        #expect(s.nextDeadline == 61)
        #expect(removedIDs(s.expire(now: 61)) == ["a"])
    }

    @Test func pausingTwiceDoesNotLoseTime() {
        var s = ToastStack()
        _ = s.add(toast("a", timeout: 4), now: 0)
        s.setPaused(true, now: 1)
        s.setPaused(true, now: 3)       // no-op
        s.setPaused(false, now: 10)
        s.setPaused(false, now: 12)     // no-op: must not restart the timer
        #expect(s.entry("a")?.deadline == 13)
    }

    @Test func pauseAffectsEveryVisibleToast() {
        var s = ToastStack()
        _ = s.add(toast("a", timeout: 4), now: 0)
        _ = s.add(toast("b", timeout: 8), now: 2)
        s.setPaused(true, now: 3)
        #expect(s.entry("a")?.remaining == 1)
        #expect(s.entry("b")?.remaining == 7)
        s.setPaused(false, now: 10)
        #expect(s.entry("a")?.deadline == 11)
        #expect(s.entry("b")?.deadline == 17)
    }

    @Test func toastAddedWhilePausedWaitsForResume() {
        var s = ToastStack()
        s.setPaused(true, now: 0)
        _ = s.add(toast("a", timeout: 4), now: 1)
        #expect(s.isVisible("a"))
        #expect(s.entry("a")?.deadline == nil)
        #expect(s.entry("a")?.remaining == 4)
        s.setPaused(false, now: 5)
        #expect(s.entry("a")?.deadline == 9)
    }

    @Test func promotionWhilePausedDoesNotStartTheTimer() {
        var s = stack(max: 1, ["a", "b"])
        s.setPaused(true, now: 1)
        #expect(s.remove("a", reason: .click, now: 2).shown == ["b"])
        #expect(s.entry("b")?.deadline == nil)
        s.setPaused(false, now: 7)
        #expect(s.entry("b")?.deadline == 11)
    }

    @Test func pauseDoesNotTouchWaitingToasts() {
        var s = stack(max: 1, ["a", "b"])
        s.setPaused(true, now: 1)
        s.setPaused(false, now: 2)
        #expect(s.entry("b")?.deadline == nil)
        #expect(s.entry("b")?.remaining == 4)
    }

    // MARK: Replacing in place

    @Test func replacingAVisibleToastKeepsItsSlotAndRestartsItsTimer() throws {
        var s = stack(max: 3, ["a", "b", "c"])
        let change = s.add(toast("b", timeout: 5, message: "updated"), now: 3)
        #expect(change.replaced == "b")
        #expect(change.shown.isEmpty)
        #expect(change.queued.isEmpty)
        #expect(change.removed.isEmpty)
        #expect(visibleIDs(s) == ["a", "b", "c"])
        let b = try #require(s.entry("b"))
        #expect(b.toast.message == "updated")
        #expect(b.remaining == 5)
        #expect(b.deadline == 8)
        // The others are untouched.
        #expect(s.entry("a")?.deadline == 4)
    }

    @Test func replacingAWaitingToastKeepsItsPlaceInTheQueue() throws {
        var s = stack(max: 1, ["a", "b", "c", "d"])
        let change = s.add(toast("c", timeout: 9, message: "new"), now: 2)
        #expect(change.replaced == "c")
        #expect(change.queued.isEmpty)
        #expect(waitingIDs(s) == ["b", "c", "d"])
        let c = try #require(s.entry("c"))
        #expect(c.toast.message == "new")
        #expect(c.deadline == nil)
        #expect(c.remaining == 9)
    }

    @Test func replacingWhilePausedWaitsForResume() {
        var s = stack(max: 2, ["a"])
        s.setPaused(true, now: 1)
        _ = s.add(toast("a", timeout: 6, message: "v2"), now: 2)
        #expect(s.entry("a")?.deadline == nil)
        #expect(s.entry("a")?.remaining == 6)
        s.setPaused(false, now: 4)
        #expect(s.entry("a")?.deadline == 10)
    }

    @Test func replacingWithTimeoutZeroMakesItSticky() {
        var s = stack(max: 2, ["a"])
        _ = s.add(toast("a", timeout: 0), now: 1)
        #expect(s.nextDeadline == nil)
        #expect(s.expire(now: 1000).removed.isEmpty)
    }

    // MARK: Changing the limit

    @Test func raisingMaxVisiblePromotes() throws {
        var s = stack(max: 1, ["a", "b", "c", "d"])
        let change = s.setMaxVisible(3, now: 5)
        #expect(change.shown == ["b", "c"])
        #expect(visibleIDs(s) == ["a", "b", "c"])
        #expect(waitingIDs(s) == ["d"])
        #expect(try #require(s.entry("b")).deadline == 9)
    }

    @Test func loweringMaxVisibleSendsExtrasToTheFrontOfTheQueueInOrder() throws {
        var s = stack(max: 3, ["a", "b", "c", "d"])
        let change = s.setMaxVisible(1, now: 1)
        #expect(change.shown.isEmpty)
        #expect(s.maxVisible == 1)
        #expect(visibleIDs(s) == ["c"])
        // Arrival order is kept: a and b were shown before d arrived, a before b.
        #expect(waitingIDs(s) == ["a", "b", "d"])
        // Their timers stop with the time left kept.
        let a = try #require(s.entry("a"))
        #expect(a.deadline == nil)
        #expect(a.remaining == 3)
        // They come back first, with what they had left.
        // a and b were seen before: they come back without a second `shown`; d is new.
        #expect(s.remove("c", reason: .click, now: 10).returned == ["a"])
        #expect(visibleIDs(s) == ["a"])
        #expect(s.entry("a")?.deadline == 13)
        let raised = s.setMaxVisible(5, now: 10)
        #expect(raised.shown == ["d"] && raised.returned == ["b"])
    }

    @Test func maxVisibleBelowOneIsClamped() {
        var s = stack(max: 3, ["a", "b"])
        _ = s.setMaxVisible(0, now: 0)
        #expect(s.maxVisible == 1)
        #expect(visibleIDs(s) == ["b"])
        #expect(waitingIDs(s) == ["a"])
    }

    @Test func changeEqualityComparesRemovals() {
        func removal(_ id: String, _ reason: DismissReason) -> ToastStack.Change {
            var s = stack(max: 2, ["x", "y"])
            return s.remove(id, reason: reason, now: 0)
        }
        #expect(removal("x", .api) == removal("x", .api))
        #expect(removal("x", .api) != removal("x", .click))
        #expect(removal("x", .api) != removal("y", .api))
    }
}
