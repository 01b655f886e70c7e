import Testing
import ToastCore

/// Issue 32: sixty 35-minute sound files played at once, and pause or `dismiss --all` stopped
/// none. What plays is bounded in number and length, and stops with its toast.
@Suite struct PlayingSoundsTests {
    @Test("at most maxPlaying play at once; a slot comes back when one ends; ids are never 0 and never shared")
    func boundAtOnce() {
        var sounds = PlayingSounds()
        let first = sounds.start(for: "1", now: 0)
        let second = sounds.start(for: "2", now: 0)
        #expect(PlayingSounds.maxPlaying == 2)
        #expect(first != nil && second != nil && first != second && first != 0 && second != 0)
        #expect(sounds.start(for: "3", now: 0) == nil, "the third, at the bound, is dropped")
        #expect(sounds.playing.count == PlayingSounds.maxPlaying)
        sounds.ended(first!)
        sounds.ended(first!)
        let third = sounds.start(for: "3", now: 1)
        #expect(third != nil && third != second)
        #expect(sounds.playing.map(\.toast) == ["2", "3"])
    }

    @Test("a sound is cut at maxSeconds, not before; nothing playing means no deadline")
    func cutAtMaxSeconds() {
        var sounds = PlayingSounds()
        #expect(sounds.nextDeadline == nil)
        let early = sounds.start(for: "1", now: 0)!
        let late = sounds.start(for: "2", now: 4)!
        #expect(sounds.nextDeadline == PlayingSounds.maxSeconds)
        #expect(sounds.takeOverdue(now: PlayingSounds.maxSeconds - 0.001).isEmpty)
        #expect(sounds.takeOverdue(now: PlayingSounds.maxSeconds) == [early])
        #expect(sounds.nextDeadline == 4 + PlayingSounds.maxSeconds)
        #expect(sounds.takeOverdue(now: 100) == [late] && sounds.nextDeadline == nil)
        #expect(PlayingSounds.maxSeconds >= 6.2, "the theme's longest event sound, alarm-clock-elapsed, plays whole")
    }

    @Test("stop takes a toast's sounds, or all; what it returns is what the player cancels")
    func stopByToast() {
        var sounds = PlayingSounds()
        let a = sounds.start(for: "a", now: 0)!
        let b = sounds.start(for: "b", now: 0)!
        #expect(sounds.plays(for: "a") && sounds.stop(toast: "a") == [a] && !sounds.plays(for: "a"))
        #expect(sounds.stop(toast: "a").isEmpty)
        let c = sounds.start(for: "c", now: 0)!
        #expect(Set(sounds.stop(toast: nil)) == [b, c] && sounds.playing.isEmpty)
    }

    @Test("each start has a fresh id, never 0, never one still playing")
    func freshIDs() {
        var sounds = PlayingSounds()
        var seen: Set<UInt32> = []
        let kept = sounds.start(for: "kept", now: 0)!
        for _ in 0..<1000 {
            let id = sounds.start(for: "x", now: 0)!
            #expect(id != kept && id != 0)
            seen.insert(id)
            sounds.ended(id)
        }
        #expect(seen.count == 1000)
    }
}
