import CX11
import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// `[keys]` and focus mode on a real X server, with keys pressed through XTest: which
    /// card went, what its owner heard, what is grabbed when, and what is logged.
    @Suite struct KeyboardTests {
        typealias F = FoundationTests

        /// Shows a toast from `client` (which then hears its events); returns its id. The
        /// `shown` events of earlier toasts that come before the reply are passed over.
        static func show(_ client: ProtocolClient, _ fields: String) throws -> String {
            client.send(#"{"op":"show","timeout":0,\#(fields)}"#)
            var reply = try client.next()
            while reply["event"]?.string == "shown" { reply = try client.next() }
            return try #require(reply["id"]?.string, "\(reply.text)")
        }

        @Test("ctrl+space closes the newest card (reason close), with Caps Lock or Num Lock on too; it is held only while a card is visible")
        func dismissKeyOnlyWhileACardShows() throws {
            let daemon = try DaemonHarness(config: "[keys]\ndismiss = ctrl+space\n")
            let probe = try XProbe()
            let ctrl = UInt32(ControlMask)
            #expect(probe.grabKey("space", modifiers: ctrl), "no card: the key is free for others")
            probe.ungrabKey("space", modifiers: ctrl)
            let client = try ProtocolClient(path: daemon.socketPath)
            let oldest = try Self.show(client, #""message":"oldest""#)
            let old = try Self.show(client, #""message":"old""#)
            let new = try Self.show(client, #""message":"new""#)
            _ = try F.restingCards(probe, count: 3)
            #expect(!probe.grabKey("space", modifiers: ctrl), "a card shows: xtoast holds it")
            probe.key("ctrl+space")
            var ended = try client.event("dismissed")
            #expect(ended["id"]?.string == new && ended["reason"]?.string == "close")
            _ = try F.restingCards(probe, count: 2)
            // Caps Lock locked: the same key still closes (the grab covers every lock state).
            probe.key("Caps_Lock")
            probe.key("ctrl+space")
            ended = try client.event("dismissed")
            probe.key("Caps_Lock")
            #expect(ended["id"]?.string == old && ended["reason"]?.string == "close")
            // Num Lock on: the same.
            probe.key("Num_Lock")
            probe.key("ctrl+space")
            ended = try client.event("dismissed")
            probe.key("Num_Lock")
            #expect(ended["id"]?.string == oldest && ended["reason"]?.string == "close")
            try waitUntil("the last card to go") { probe.cards().isEmpty }
            try waitUntil("the key to be let go") {
                let free = probe.grabKey("space", modifiers: ctrl)
                if free { probe.ungrabKey("space", modifiers: ctrl) }
                return free
            }
        }

        @Test("a key another program holds is one log line naming it, as is a key X does not know; the other keys still work")
        func aHeldKeyIsLogged() throws {
            let probe = try XProbe()
            #expect(probe.grabKey("space", modifiers: UInt32(ControlMask)))
            defer { probe.ungrabKey("space", modifiers: UInt32(ControlMask)) }
            let daemon = try DaemonHarness(config: "[keys]\ndismiss = ctrl+space\ndismiss_all = ctrl+shift+space\ninvoke = super+NoSuchKey\n")
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try Self.show(client, #""message":"one""#)
            try waitUntil("the log line") { daemon.log.contains("keys.dismiss = ctrl+space: another program holds this key; not grabbed") }
            #expect(daemon.log.contains(#"keys.invoke = super+NoSuchKey: X knows no key named "NoSuchKey""#), "\(daemon.log)")
            #expect(daemon.log.components(separatedBy: "keys.").count == 3, "one line each: \(daemon.log)")
            _ = try F.restingCards(probe, count: 1)
            probe.key("ctrl+shift+space")
            let ended = try client.event("dismissed")
            #expect(ended["id"]?.string == id && ended["reason"]?.string == "close")
            // The next card tries the held key again, and says nothing more about it.
            try waitUntil("no card") { probe.cards().isEmpty }
            _ = try Self.show(client, #""message":"two""#)
            _ = try F.restingCards(probe, count: 1)
            probe.key("ctrl+shift+space")
            _ = try client.event("dismissed")
            #expect(daemon.log.components(separatedBy: "keys.").count == 3, "still one line each: \(daemon.log)")
        }

        @Test("a key another program held at start works once it let go: the next card takes it, though a card was on screen all along")
        func aReleasedKeyIsTakenByTheNextCard() throws {
            let probe = try XProbe()
            let ctrl = UInt32(ControlMask)
            #expect(probe.grabKey("space", modifiers: ctrl))
            let daemon = try DaemonHarness(config: "[keys]\ndismiss = ctrl+space\n")
            let client = try ProtocolClient(path: daemon.socketPath)
            let first = try Self.show(client, #""message":"first""#)
            try waitUntil("the log line") { daemon.log.contains("keys.dismiss = ctrl+space: another program holds this key") }
            probe.ungrabKey("space", modifiers: ctrl)
            let second = try Self.show(client, #""message":"second""#)
            _ = try F.restingCards(probe, count: 2)
            probe.key("ctrl+space")
            let ended = try client.event("dismissed")
            #expect(ended["id"]?.string == second && ended["reason"]?.string == "close", "\(ended.text)")
            #expect(!probe.grabKey("space", modifiers: ctrl), "xtoast holds it now")
            _ = first
        }

        @Test("xtoast focus: the ring shows on the newest card; Down moves it; 2 presses the older card's second button; Escape frees the keyboard")
        func focusMovesAndPresses() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let old = try Self.show(client, #""message":"older","actions":[{"id":"a","label":"Alpha"},{"id":"b","label":"Beta"}]"#)
            _ = try Self.show(client, #""message":"newer""#)
            let cards = try F.restingCards(probe, count: 2).sorted { $0.frame.y < $1.frame.y }
            // The ring is the card's outermost pixels in the text's colour (#F5F5F7 in the dark theme).
            func ringed(_ card: XProbe.CardWindow) throws -> Bool {
                colorDistance(try probe.pixel(Int(card.frame.x) + 1, Int(card.frame.midY)), 0xF5F5F7) < 40
            }
            #expect(try !ringed(cards[0]) && !ringed(cards[1]))
            let run = try daemon.xtoast(["focus"])
            #expect(run.status == 0, "\(run.stderr)")
            try waitUntil("the ring on the newest card") { try ringed(cards[0]) && !ringed(cards[1]) }
            #expect(!probe.keyboardIsFree())
            probe.key("Down")
            try waitUntil("the ring on the older card") { try ringed(cards[1]) && !ringed(cards[0]) }
            probe.key("2")
            let action = try client.event("action")
            #expect(action["id"]?.string == old && action["action"]?.string == "b")
            #expect(try client.event("dismissed")["reason"]?.string == "action")
            try waitUntil("the ring to pass to the card left") { probe.cardsOnScreen().count == 1 && (try? ringed(probe.cardsOnScreen()[0])) == true }
            probe.key("Escape")
            try waitUntil("the keyboard to be free again") { probe.keyboardIsFree() }
            try waitUntil("the ring to go") { (try? ringed(probe.cardsOnScreen()[0])) == false }
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("no card") { probe.cards().isEmpty }
            let none = try daemon.xtoast(["focus"])
            #expect(none.status == 1 && none.stderr.contains("no toast is visible"), "\(none.stderr)")
        }

        @Test("the focus key (super+f) starts focus mode from its own grab; Return on a plain card dismisses it as clicked, and focus mode ends with it")
        func focusKey() throws {
            let daemon = try DaemonHarness(config: "[keys]\nfocus = super+f\n")
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try Self.show(client, #""message":"only""#)
            _ = try F.restingCards(probe, count: 1)
            probe.key("super+f")
            try waitUntil("focus mode to hold the keyboard") { !probe.keyboardIsFree() }
            probe.key("Return")
            let ended = try client.event("dismissed")
            #expect(ended["id"]?.string == id && ended["reason"]?.string == "click")
            try waitUntil("the keyboard to be free again") { probe.keyboardIsFree() }
        }

        @Test("focus mode: Delete closes the ringed card, and a click off the cards ends it")
        func focusDeleteAndClickElsewhere() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            CardTests.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let first = try Self.show(client, #""message":"first""#)
            let second = try Self.show(client, #""message":"second""#)
            _ = try F.restingCards(probe, count: 2)
            #expect(try daemon.xtoast(["focus"]).status == 0)
            probe.key("Delete")
            let ended = try client.event("dismissed")
            #expect(ended["id"]?.string == second && ended["reason"]?.string == "close")
            #expect(!probe.keyboardIsFree(), "a card is left: focus mode goes on")
            probe.click(at: Point(x: 20, y: probe.screenSize.height - 20))
            try waitUntil("the keyboard to be free again") { probe.keyboardIsFree() }
            _ = try F.restingCards(probe, count: 1)
            _ = first
        }
    }
}
