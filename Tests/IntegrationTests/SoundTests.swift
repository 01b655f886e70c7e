import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 19, sound: the real daemon plays through libcanberra to a PulseAudio of the
    /// test's own (a null sink), and `pactl subscribe` tells each sound that played. The player
    /// plays in order, so a marker sound after a silent toast proves the silent one played
    /// nothing: had it, its sink-input would have come first.
    @Suite struct SoundTests {
        typealias N = NotificationServerTests

        @Test("sound-name and sound-file play once each; suppress-sound, a repeat, do-not-disturb and a FIFO play nothing; sound is a capability")
        func soundsThroughPulseAudio() throws {
            let pulse = try PrivateSoundServer()
            try pulse.subscribe()
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: N.noBursts, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                              "PULSE_SERVER": pulse.address, "HOME": pulse.directory.path])
            try waitUntil("the daemon to own the name") { daemon.log.contains("serving org.freedesktop.Notifications") }
            try waitUntil("GetCapabilities to list sound") { try bus.call("GetCapabilities").stdout.contains("'sound'") }
            func notify(_ summary: String, _ hints: [String]) throws {
                let run = try bus.run("notify-send", ["-t", "0"] + hints.flatMap { ["-h", $0] } + [summary])
                #expect(run.status == 0, "\(run.stderr)")
            }
            func played(_ count: Int, _ what: String) throws {
                try waitUntil("\(count) sound(s) played: \(what)", timeout: 10) { pulse.newSinkInputs.count >= count }
                #expect(pulse.newSinkInputs.count == count, "\(what): \(pulse.newSinkInputs); \(daemon.log)")
            }
            /// A long sound after toasts that must be silent: once its own sink-input is in the
            /// events, every earlier sound's is too, so only it may have come since `before`.
            func marker(after before: Int, _ what: String) throws {
                try notify("Marker \(before)", ["string:sound-name:alarm-clock-elapsed"])
                var index: Int?
                try waitUntil("the marker playing: \(what)", timeout: 10) {
                    index = try pulse.playing("alarm-clock-elapsed").max()
                    return index.map { pulse.newSinkInputs.contains($0) } ?? false
                }
                #expect(pulse.newSinkInputs.count == before + 1, "\(what): \(pulse.newSinkInputs); \(daemon.log)")
                #expect(pulse.newSinkInputs.last == index, "the marker was the last sound")
            }

            try notify("Ding", ["string:sound-name:bell"])
            try played(1, "sound-name")
            try notify("Bell file", ["string:sound-file:/usr/share/sounds/freedesktop/stereo/bell.oga"])
            try played(2, "sound-file")
            // Two play at once at most (the null sink holds each about 2 s): with both slots
            // free again, a sound that must not play would have room to.
            try waitUntil("the two sounds to end", timeout: 10) { try pulse.pactl(["list", "short", "sink-inputs"]).stdout.isEmpty }

            try notify("Quiet", ["string:sound-name:bell", "boolean:suppress-sound:true"])
            try notify("Ding", ["string:sound-name:bell"])  // a repeat of the first: the card counts it, silently
            try waitUntil("the repeat counted") { try N.listing(daemon).contains(#""count":2"#) }
            let fifo = pulse.directory.appendingPathComponent("sound.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            try notify("From a FIFO", ["string:sound-file:\(fifo)"])
            try marker(after: 2, "nothing for suppress-sound, a repeat or a FIFO")
            try waitUntil("the FIFO refused") { daemon.log.contains("not a regular file") }

            // Room in the stack, so what waits does so only for do-not-disturb.
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            #expect(try daemon.xtoast(["pause"]).status == 0)
            try notify("While paused", ["string:sound-name:bell"])
            try waitUntil("the paused toast queued") { try N.listing(daemon).contains("While paused") }
            #expect(try daemon.xtoast(["resume"]).status == 0)
            try waitUntil("the paused toast shown") {
                let list = try N.listing(daemon)
                return list.contains("While paused") && !list.contains(#""state":"queued""#)
            }
            try marker(after: 3, "nothing under do-not-disturb, nor when what waited showed")
        }

        @Test("issue 32: at most 2 sounds play at once, each cut at 10 s; pause and dismiss --all stop what plays")
        func soundsAreBounded() throws {
            let pulse = try PrivateSoundServer()
            let bus = try PrivateBus()
            let daemon = try DaemonHarness(config: N.noBursts, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                              "PULSE_SERVER": pulse.address, "HOME": pulse.directory.path])
            try waitUntil("GetCapabilities to list sound") { try bus.call("GetCapabilities").stdout.contains("'sound'") }
            // 60 s of 8 kHz 8-bit mono silence: 469 KiB, far within the file cap, far past the cut.
            let file = pulse.directory.appendingPathComponent("long.wav")
            let samples = 60 * 8000
            func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8((v >> (8 * $0)) & 0xFF) } }
            let header = Array("RIFF".utf8) + le(36 + samples, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2)
                + le(8000, 4) + le(8000, 4) + le(1, 2) + le(8, 2) + Array("data".utf8) + le(samples, 4)
            try Data(header + [UInt8](repeating: 128, count: samples)).write(to: file)
            var sent = 0
            func notify() throws {
                sent += 1
                let run = try bus.run("notify-send", ["-t", "0", "-h", "string:sound-file:\(file.path)", "Long \(sent)"])
                #expect(run.status == 0, "\(run.stderr)")
            }
            func playing() throws -> Int {
                try pulse.pactl(["list", "short", "sink-inputs"]).stdout.split(separator: "\n").count
            }

            for _ in 0..<4 { try notify() }
            try waitUntil("two sounds playing", timeout: 10) { try playing() == 2 }
            try waitUntil("the others dropped") { daemon.log.contains("2 sounds are playing") }
            for _ in 0..<10 {
                #expect(try playing() <= 2)
                usleep(100_000)
            }
            #expect(try daemon.xtoast(["pause"]).status == 0)
            try waitUntil("do-not-disturb to stop them", timeout: 5) { try playing() == 0 }
            #expect(try daemon.xtoast(["resume"]).status == 0)

            try notify()
            try waitUntil("a new one playing", timeout: 10) { try playing() == 1 }
            #expect(try daemon.xtoast(["dismiss", "--all"]).status == 0)
            try waitUntil("dismiss --all to stop it", timeout: 5) { try playing() == 0 }

            try notify()
            try waitUntil("the last one playing", timeout: 10) { try playing() == 1 }
            let started = Date()
            try waitUntil("the last one cut", timeout: 20) { try playing() == 0 }
            let took = Date().timeIntervalSince(started)
            #expect(took > 8 && took < 12.5, "cut at 10 s, not at \(took) s (its file is 60 s)")
        }

        @Test("without a sound server GetCapabilities has no sound, one log line says so, and toasts still show")
        func noServer() throws {
            let (bus, daemon, _) = try N.start()
            try bus.run("notify-send", ["-h", "string:sound-name:bell", "Ding"])
            try waitUntil("the toast listed") { try N.listing(daemon).contains("Ding") }
            try waitUntil("the one log line") { daemon.log.contains("sound: no sound server") }
            #expect(!(try bus.call("GetCapabilities").stdout.contains("'sound'")))
            try bus.run("notify-send", ["-h", "string:sound-name:bell", "Ding again"])
            try waitUntil("the second toast listed") { try N.listing(daemon).contains("Ding again") }
            #expect(daemon.log.components(separatedBy: "sound: no sound server").count == 2, "said once: \(daemon.log)")
        }
    }
}
