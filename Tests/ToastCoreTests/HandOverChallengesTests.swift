@testable import Operations
import Testing
@testable import ToastCore

/// Issue 43: the bus hand-over's nonce ends nothing unless the pid the bus named brings it
/// back in time, once.
@Suite struct HandOverChallengesTests {
    @Test("a nonce is 32 lowercase hex digits, new each time, and the bushandover request takes exactly that")
    func nonceShape() throws {
        var challenges = HandOverChallenges()
        let a = challenges.issue(to: 10, now: 0), b = challenges.issue(to: 10, now: 0)
        #expect(a != b)
        #expect(try Request.validNonce(a) == a)
        #expect(Request.decode(line: Array(#"{"op":"bushandover","nonce":"\#(a)"}"#.utf8)) == .success(.busHandOver(nonce: a)))
        for bad in ["", String(a.dropLast()), a + "0", a.uppercased(), String(a.dropLast()) + "\u{2028}", String(a.dropLast()) + "g"] {
            #expect(throws: RequestError.self) { try Request.validNonce(bad) }
        }
    }

    @Test("granted only to the pid it was issued to, before it expires, once; a wrong attempt spends it")
    func redeem() {
        var challenges = HandOverChallenges()
        let nonce = challenges.issue(to: 10, now: 0)
        let byChild = challenges.redeem(nonce, by: 11, now: 1)
        #expect(!byChild, "another process (the fork's child)")
        let retried = challenges.redeem(nonce, by: 10, now: 1)
        #expect(!retried, "spent by the wrong attempt")
        let late = challenges.issue(to: 10, now: 0)
        let afterExpiry = challenges.redeem(late, by: 10, now: HandOverChallenges.validity)
        #expect(!afterExpiry)
        let fresh = challenges.issue(to: 10, now: 0)
        let unknown = challenges.redeem("0123456789abcdef0123456789abcdef", by: 10, now: 1)
        #expect(!unknown)
        let inTime = challenges.redeem(fresh, by: 10, now: HandOverChallenges.validity - 0.1)
        #expect(inTime)
        let again = challenges.redeem(fresh, by: 10, now: 1)
        #expect(!again, "once")
    }

    @Test("at most capacity nonces wait: a caller asking in a loop pushes out the oldest only")
    func capacity() {
        var challenges = HandOverChallenges()
        let first = challenges.issue(to: 10, now: 0)
        var last = first
        for _ in 0..<HandOverChallenges.capacity { last = challenges.issue(to: 10, now: 0) }
        let oldest = challenges.redeem(first, by: 10, now: 1)
        #expect(!oldest)
        let newest = challenges.redeem(last, by: 10, now: 1)
        #expect(newest)
    }
}
