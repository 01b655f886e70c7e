import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 48: categories that act, on the real daemon, bus and X server. A call rings on a
    /// PulseAudio of the test's own (a null sink) until Accept is clicked; an alarm shows
    /// through a pause; a battery warning takes its older self's card.
    @Suite struct CategoriesTests {
        typealias N = NotificationServerTests
        typealias F = FoundationTests
        typealias T = TalkBackTests

        @Test("notify-send -c call.incoming with accept and decline rings, again and again, until a click on Accept (the success-coloured button, rightmost): ActionInvoked(id, accept), and the ringing stops")
        func callRingsUntilAnswered() throws {
            let pulse = try PrivateSoundServer()
            try pulse.subscribe()
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: N.noBursts, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                              "PULSE_SERVER": pulse.address, "HOME": pulse.directory.path])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            try waitUntil("GetCapabilities to list sound") { try bus.call("GetCapabilities").stdout.contains("'sound'") }
            let probe = try XProbe()
            let signals = try bus.monitor()
            let caller = try bus.start("notify-send", ["-a", "Calls", "-c", "call.incoming", "-A", "accept=Answer", "-A", "decline=Decline",
                                                       "Ann calls"])
            try waitUntil("the ringtone playing", timeout: 10) { try !pulse.playing("phone-incoming-call").isEmpty }
            try waitUntil("the ringtone again", timeout: 12) { pulse.newSinkInputs.count >= 2 }
            let card = try #require(try F.restingCards(probe, count: 1).first)
            let capture = try T.capture(probe, card)
            let lower = Int(card.frame.y + card.frame.height / 2)
            let accept = T.clusters(of: Kind.success.defaultColor, in: capture, minY: lower)
            let decline = T.clusters(of: Kind.error.defaultColor, in: capture, minY: lower)
            #expect(accept.count == 1 && decline.count == 1, "Accept in green, Decline in red: \(accept) \(decline)")
            let answer = try #require(accept.first)
            #expect(answer.x0 > (decline.first?.x1 ?? .max), "Accept is rightmost")
            probe.click(at: Point(x: Double(answer.x0 + answer.x1) / 2, y: Double(answer.y0 + answer.y1) / 2))
            let run = try caller.finish()
            #expect(run.stdout == "accept\n", "\(run.stdout) \(run.stderr)")
            #expect(signals.signals.contains { if case .action(_, "accept") = $0 { true } else { false } })
            try waitUntil("the ringtone to stop", timeout: 5) { try pulse.pactl(["list", "short", "sink-inputs"]).stdout.isEmpty }
            let rang = pulse.newSinkInputs.count
            Thread.sleep(forTimeInterval: 5)
            #expect(pulse.newSinkInputs.count == rang, "an answered call rings no more: \(daemon.log)")
        }

        @Test("in focus mode Return presses a call's answer button and Delete its reject button (the keys call apps send: accept and decline purposes)")
        func answerFromTheKeyboard() throws {
            let (bus, daemon, probe) = try N.start(config: N.noBursts)
            for (key, expected) in [("Return", "accept"), ("Delete", "decline")] {
                let caller = try bus.start("notify-send", ["-a", "Calls", "-c", "call.incoming", "-A", "answer=Answer", "-A", "reject=Reject",
                                                           "Ann calls"])
                _ = try F.restingCards(probe, count: 1)
                let focus = try daemon.xtoast(["focus"])
                #expect(focus.status == 0, "\(focus.stderr)")
                probe.key(key)
                let run = try caller.finish()
                let answered = expected == "accept" ? "answer" : "reject"
                #expect(run.stdout == "\(answered)\n", "\(key): \(run.stdout) \(run.stderr)")
                try waitUntil("the card to leave") { probe.cards().isEmpty }
            }
        }

        @Test("alarm.ringing shows during xtoast pause while a chat message waits; a battery warning replaces itself in place")
        func alarmThroughPauseAndBatteryInPlace() throws {
            let (bus, daemon, probe) = try N.start(config: N.noBursts)
            let signals = try bus.monitor()
            #expect(try daemon.xtoast(["pause"]).status == 0)
            try bus.run("notify-send", ["-a", "chat", "Lunch?"])
            try bus.run("notify-send", ["-a", "Clocks", "-c", "alarm.ringing", "Wake up"])
            #expect(try F.restingCards(probe, count: 1).count == 1)
            let list = try N.listing(daemon)
            #expect(list.contains("Wake up") && list.contains(#""state":"queued""#), "\(list)")
            #expect(try daemon.xtoast(["resume"]).status == 0)
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("the cards to leave") { probe.cards().isEmpty }

            let first = try bus.run("notify-send", ["-p", "-a", "power", "-c", "os.battery.low", "Battery 10%"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try F.restingCards(probe, count: 1).count == 1)
            try bus.run("notify-send", ["-a", "power", "-c", "os.battery.low", "Battery 5%"])
            try signals.wait(for: [.closed(id: UInt32(first) ?? 0, reason: 4)])
            #expect(try F.restingCards(probe, count: 1).count == 1, "one card, the newest warning's")
            let after = try N.listing(daemon)
            #expect(after.contains("Battery 5%") && !after.contains("Battery 10%"), "\(after)")
            #expect(after.contains(#""urgency":"critical""#), "a battery warning is critical: \(after)")
        }
    }
}
