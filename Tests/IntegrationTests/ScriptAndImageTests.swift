import CX11
import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// Text in any script through Pango and icons in any format through gdk-pixbuf, checked
    /// in pixels: right-to-left paragraphs, emoji sequences, wrapping, markup that is not ours,
    /// and SVG, JPEG and themed symbolic icons.
    @Suite struct ScriptAndImageTests {
        typealias C = CardTests

        /// The ink of the text column of the one card on screen: its bounding box and pixel count.
        struct Ink {
            var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min, count = 0
            var areaWidth = 0
            var width: Int { count == 0 ? 0 : maxX - minX + 1 }
            var height: Int { count == 0 ? 0 : maxY - minY + 1 }
        }

        static func ink(_ daemon: DaemonHarness, _ probe: XProbe, _ args: [String]) throws -> Ink {
            _ = try daemon.show(["--timeout", "0"] + args)
            let f = try #require(try C.resting(probe, count: 1).first).frame
            let c = try C.capture(probe, f)
            let background = c.at(c.x + c.width - 8, c.y + c.height / 2)
            let area = TextArea(c, left: 40, right: 30)
            var ink = Ink(areaWidth: area.width)
            for (i, p) in area.pixels.enumerated() where colorDistance(p, background) > 80 {
                ink.minX = min(ink.minX, i % area.width)
                ink.maxX = max(ink.maxX, i % area.width)
                ink.minY = min(ink.minY, i / area.width)
                ink.maxY = max(ink.maxY, i / area.width)
                ink.count += 1
            }
            try C.dismissAll(daemon, probe)
            return ink
        }

        @Test("a Hebrew and an Arabic message sit at the right of the text area; English at the left")
        func rightToLeft() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let english = try Self.ink(daemon, probe, ["Hello world, a short message"])
            #expect(english.count > 0 && english.minX <= 6, "English starts at the left: \(english)")
            for message in ["שלום עולם, הודעה קצרה", "مرحبا بالعالم، رسالة قصيرة"] {
                let rtl = try Self.ink(daemon, probe, [message])
                #expect(rtl.count > 0)
                #expect(rtl.areaWidth - 1 - rtl.maxX <= 8, "\(message) ends at the right edge: \(rtl)")
                #expect(rtl.minX >= 60, "\(message) leaves the left free: \(rtl)")
            }
        }

        @Test("👍🏽 is one glyph: its ink is as wide as 👍's, not as 👍👍's")
        func skinToneIsOneGlyph() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let one = try Self.ink(daemon, probe, ["👍"])
            let toned = try Self.ink(daemon, probe, ["👍🏽"])
            let two = try Self.ink(daemon, probe, ["👍👍"])
            #expect(one.width >= 8, "👍 draws: \(one)")
            #expect(abs(toned.width - one.width) <= max(3, one.width / 5), "👍🏽 \(toned.width) px wide, 👍 \(one.width)")
            #expect(two.width >= one.width * 3 / 2, "👍👍 \(two.width) px wide, 👍 \(one.width)")
        }

        @Test("a long URL wraps inside the card, over several lines")
        func longURLWraps() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let url = "https://example.com/" + String(repeating: "abcdefghij", count: 12) + "?q=1"
            _ = try daemon.show(["--timeout", "0", url])
            let f = try #require(try C.resting(probe, count: 1).first).frame
            #expect(f.width == 360)
            let c = try C.capture(probe, f)
            let background = c.at(c.x + c.width - 8, c.y + c.height / 2)
            // Nothing drawn right of the text column (no close button: the pointer is away).
            var spill = 0
            for py in (c.y + 6)..<(c.y + c.height - 6) {
                for px in (c.x + c.width - 28)..<(c.x + c.width - 4) where colorDistance(c.at(px, py), background) > 80 { spill += 1 }
            }
            #expect(spill == 0, "\(spill) ink pixels right of the text column")
            try C.dismissAll(daemon, probe)
            let wrapped = try Self.ink(daemon, probe, [url])
            let line = try Self.ink(daemon, probe, ["https://example.com/"])
            #expect(wrapped.height >= line.height * 2 + 10, "the URL takes several lines: \(wrapped.height) px vs \(line.height)")
        }

        @Test("--markup drops tags it does not know, draws span's size and colour, and breaks lines at <br/>")
        func spanBreakAndUnknownMarkup() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let plain = try Self.ink(daemon, probe, ["--markup", "hi there"])
            // An unknown tag goes; its text stays, exactly as without it.
            let unknown = try Self.ink(daemon, probe, ["--markup", "<blink>hi there</blink>"])
            #expect(abs(unknown.width - plain.width) <= 1 && abs(unknown.height - plain.height) <= 1, "<blink> shows: \(unknown) vs \(plain)")
            // xx-large is 1.2³ = 1.73 times the card's text.
            let source = "<span size=\"xx-large\">hi there</span>"
            let span = try Self.ink(daemon, probe, ["--markup", source])
            let literal = try Self.ink(daemon, probe, [source])
            #expect(span.width >= plain.width * 3 / 2 && span.width < literal.width, "span sized: \(span.width) vs \(plain.width), literal \(literal.width)")
            #expect(span.height >= plain.height * 3 / 2, "span taller: \(span.height) vs \(plain.height)")
            // A size past 200 % is held at 200 %.
            let huge = try Self.ink(daemon, probe, ["--markup", "<span size=\"5000%\">hi there</span>"])
            #expect(huge.width <= plain.width * 2 + 6 && huge.width >= plain.width * 7 / 4, "5000% held at 200%: \(huge.width) vs \(plain.width)")

            // foreground: red ink.
            _ = try daemon.show(["--timeout", "0", "--markup", "<span foreground=\"red\" weight=\"bold\">RED RED RED</span>"])
            let f = try #require(try C.resting(probe, count: 1).first).frame
            let red = try C.capture(probe, f).pixels.filter { colorDistance($0, 0xFF0000) <= 60 }.count
            #expect(red >= 40, "red text: \(red) red pixels")
            try C.dismissAll(daemon, probe)

            // <br/>: three lines, as three lines written with newlines.
            func height(_ args: [String]) throws -> Double {
                _ = try daemon.show(["--timeout", "0"] + args)
                let h = try #require(try C.resting(probe, count: 1).first).frame.height
                try C.dismissAll(daemon, probe)
                return h
            }
            let broken = try height(["--markup", "one<br/>two<br>three"])
            #expect(broken == (try height(["one\ntwo\nthree"])))
            #expect(broken > (try height(["one two three"])) + 20)
        }

        /// Pixels near `color` in the icon square of the one card on screen.
        /// How many pixels of the icon's square are near `color`; read again until there are
        /// `atLeast` or 5 s have passed (a decoder's icon may arrive after the card rests).
        static func iconPixels(_ probe: XProbe, near color: UInt32, tolerance: Int = 40, atLeast: Int = 0) throws -> Int {
            let deadline = Date().addingTimeInterval(5)
            while true {
                let f = try #require(try C.resting(probe, count: 1).first).frame
                let c = try C.capture(probe, f)
                var n = 0
                for py in (c.y + 8)..<(c.y + 40) {
                    for px in (c.x + 8)..<(c.x + 40) where colorDistance(c.at(px, py), color) <= tolerance { n += 1 }
                }
                if n >= atLeast || Date() > deadline { return n }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        @Test("an SVG file, a JPEG by file:// URI and a themed symbolic icon show in their colours")
        func imageFormats() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let svg = daemon.directory.appendingPathComponent("blue.svg")
            try ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#1c71d8"/><rect x="4" y="4" width="8" height="8" fill="#f6d32d"/></svg>"##
                .write(to: svg, atomically: true, encoding: .utf8)
            var run = try daemon.xtoast(["show", "--timeout", "0", "--icon", svg.path, "svg"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(try Self.iconPixels(probe, near: 0x1C71D8, atLeast: 60) >= 60, "blue of the SVG")
            #expect(try Self.iconPixels(probe, near: 0xF6D32D, atLeast: 20) >= 20, "yellow of the SVG")
            try C.dismissAll(daemon, probe)

            let jpeg = daemon.directory.appendingPathComponent("red green.jpg")
            let convert = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"),
                                                ["-size", "64x64", "xc:#e01b24", "-fill", "#2ec27e", "-draw", "rectangle 0,32 63,63", jpeg.path],
                                                environment: [:])
            try #require(convert.status == 0, "convert: \(convert.stderr)")
            run = try daemon.xtoast(["show", "--timeout", "0", "--icon", "file://" + jpeg.path.replacingOccurrences(of: " ", with: "%20"), "jpeg"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(try Self.iconPixels(probe, near: 0xE01B24, atLeast: 40) >= 40, "red half of the JPEG")
            #expect(try Self.iconPixels(probe, near: 0x2EC27E, atLeast: 40) >= 40, "green half of the JPEG")
            try C.dismissAll(daemon, probe)

            run = try daemon.xtoast(["show", "--kind", "warning", "--timeout", "0", "--icon", "dialog-warning-symbolic", "symbolic"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(try Self.iconPixels(probe, near: Palette.dark.text, atLeast: 30) >= 30, "the symbolic icon in the text colour")
            #expect(try Self.iconPixels(probe, near: Kind.warning.defaultColor) <= 5, "not the kind's own icon")
            try C.dismissAll(daemon, probe)
        }

        /// The bounding box of the pixels near `color` in the icon column of the one card on
        /// screen (inside its border, left of where the text starts), in card coordinates.
        static func extent(_ probe: XProbe, near color: UInt32, column: Int = 66) throws -> (x: Int, y: Int, width: Int, height: Int, card: Rect) {
            let f = try #require(try C.resting(probe, count: 1).first).frame
            let c = try C.capture(probe, f)
            var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
            for py in (c.y + 4)..<(c.y + c.height - 4) {
                for px in (c.x + 4)..<(c.x + column) where colorDistance(c.at(px, py), color) <= 40 {
                    minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                }
            }
            guard minX <= maxX else { return (0, 0, 0, 0, f) }
            return (minX - c.x, minY - c.y, maxX - minX + 1, maxY - minY + 1, f)
        }

        @Test("an image file gets the 48 px image slot, keeping its aspect ratio, and the card grows to fit; a theme icon stays 20 px")
        func imageSlot() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            // 128×64: twice as wide as tall, so it fits the slot as 48×24.
            let png = daemon.directory.appendingPathComponent("wide.png")
            let convert = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "128x64", "xc:#1c71d8", png.path],
                                                environment: [:])
            try #require(convert.status == 0, "convert: \(convert.stderr)")
            var run = try daemon.xtoast(["show", "--timeout", "0", "--icon", png.path, "Album art", "Now playing"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            try waitUntil("the image on its card") { try Self.extent(probe, near: 0x1C71D8).width > 0 }
            let wide = try Self.extent(probe, near: 0x1C71D8)
            #expect(abs(wide.width - 48) <= 1 && abs(wide.height - 24) <= 1, "the image spans \(wide.width)×\(wide.height) px")
            #expect(wide.card.height >= 48 + 24, "the card grows to hold a 48 px slot and its padding: \(wide.card.height)")
            if let shot = ProcessInfo.processInfo.environment["XTOAST_SHOT"] {
                _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/import"), ["-window", "root", shot],
                                          environment: ["DISPLAY": TestDisplay.name])
            }
            try C.dismissAll(daemon, probe)

            let square = daemon.directory.appendingPathComponent("square.png")
            _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "128x128", "xc:#1c71d8", square.path], environment: [:])
            run = try daemon.xtoast(["show", "--timeout", "0", "--icon", "file://" + square.path, "Contact", "A photo"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            try waitUntil("the square image on its card") { try Self.extent(probe, near: 0x1C71D8).width > 0 }
            let photo = try Self.extent(probe, near: 0x1C71D8)
            #expect(abs(photo.width - 48) <= 1 && abs(photo.height - 48) <= 1, "a 128 px photo spans \(photo.width)×\(photo.height) px")
            try C.dismissAll(daemon, probe)

            run = try daemon.xtoast(["show", "--kind", "warning", "--timeout", "0", "--icon", "dialog-warning-symbolic", "themed"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            // Left of where the text of an icon's card starts (12 + 20 + 10).
            let themed = try Self.extent(probe, near: Palette.dark.text, column: 40)
            #expect(themed.width <= 21 && themed.height <= 21 && themed.width >= 10, "a theme icon stays in 20 px: \(themed.width)×\(themed.height)")
            #expect(themed.card.height < 48 + 24, "and the card keeps its height: \(themed.card.height)")
            try C.dismissAll(daemon, probe)
        }

        @Test("the icon theme the desktop names over XSETTINGS (Net/IconThemeName) is searched")
        func desktopIconTheme() throws {
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-theme-\(getpid())")
            defer { try? FileManager.default.removeItem(at: data) }
            let theme = data.appendingPathComponent("icons/DeskTheme")
            try FileManager.default.createDirectory(at: theme.appendingPathComponent("scalable/apps"), withIntermediateDirectories: true)
            try "[Icon Theme]\nName=DeskTheme\nDirectories=scalable/apps\n\n[scalable/apps]\nSize=16\nMinSize=8\nMaxSize=512\nType=Scalable\n"
                .write(to: theme.appendingPathComponent("index.theme"), atomically: true, encoding: .utf8)
            try ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#c01c28"/></svg>"##
                .write(to: theme.appendingPathComponent("scalable/apps/xtoast-test-desk.svg"), atomically: true, encoding: .utf8)
            let daemon = try DaemonHarness(extraEnvironment: ["XDG_DATA_HOME": data.path])
            let probe = try XProbe()
            C.parkPointer(probe)
            let args = ["show", "--timeout", "0", "--icon", "xtoast-test-desk", "desktop theme"]
            var run = try daemon.xtoast(args)
            #expect(run.stderr.contains("not found"), "without a settings daemon the theme is unknown: \(run.stderr)")
            try C.dismissAll(daemon, probe)

            let settings = probe.ownXSettings(iconTheme: "DeskTheme")
            defer { probe.release(settings) }
            run = try daemon.xtoast(args)
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(try Self.iconPixels(probe, near: 0xC01C28, atLeast: 60) >= 60, "the desktop theme's red icon")
            try C.dismissAll(daemon, probe)
        }

        @Test("a PNG whose header claims 60000×60000 pixels is refused at once, with a warning")
        func decompressionBomb() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let file = daemon.directory.appendingPathComponent("bomb.png")
            try Data(Self.pngHeader(width: 60000, height: 60000)).write(to: file)
            let start = Date()
            let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", file.path, "bomb"])
            #expect(Date().timeIntervalSince(start) < 2)
            #expect(run.status == 0 && run.stderr.contains("60000"), "\(run.stderr)")
            _ = try C.resting(probe, count: 1)
            try C.dismissAll(daemon, probe)
        }

        /// An SVG of one magenta square under `rects` faint squares: librsvg's work grows with
        /// `rects`, whatever size it is drawn at.
        static func slowSVG(rects: Int) -> String {
            var svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><rect width="1000" height="1000" fill="#ff00ff"/>"##
            var seed: UInt32 = 1
            for _ in 0..<rects {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                svg += "<rect x=\"\(seed % 1000)\" y=\"\(seed / 1000 % 1000)\" width=\"9\" height=\"9\" fill=\"#ff00ff\" opacity=\"0.01\"/>"
            }
            return svg + "</svg>"
        }

        @Test("a slow image decodes off the loop: the card shows at once with its kind's icon, then its image")
        func slowImageArrivesLater() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            C.parkPointer(probe)
            let file = daemon.directory.appendingPathComponent("slow.svg")
            // A few hundred milliseconds of work for librsvg: well past the 20 ms the loop waits.
            try Self.slowSVG(rects: 40_000).write(to: file, atomically: true, encoding: .utf8)
            let run = try daemon.xtoast(["show", "--timeout", "0", "--kind", "success", "--icon", file.path, "slow icon"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            // Looked at as soon as the card is mapped (it is still sliding in): the kind's icon.
            func magenta(_ f: Rect) throws -> Int {
                let x = max(0, Int(f.x)), w = min(1280, Int(f.x) + 60) - x
                guard w > 0 else { return 0 }
                return try probe.capture(x: x, y: Int(f.y), width: w, height: Int(f.height)).pixels
                    .filter { colorDistance($0, 0xFF00FF) < 40 }.count
            }
            try waitUntil("the card to be mapped") { !probe.cards().isEmpty }
            let entering = try #require(probe.cards().first).frame
            #expect(try magenta(entering) == 0, "the kind's icon first, while the image decodes")
            let card = try #require(try C.resting(probe, count: 1).first).frame
            func magenta() throws -> Int { try magenta(card) }
            try waitUntil("the image to replace the kind's icon", timeout: 10) { try magenta() > 100 }
            try C.dismissAll(daemon, probe)
        }

        @Test("an SVG too slow to decode never stalls the loop: pings answer meanwhile; past the budget it is abandoned and logged")
        func slowImageIsAbandoned() throws {
            // A budget far below what this SVG takes on any machine, so the test does not
            // depend on how fast the machine is.
            let daemon = try DaemonHarness(extraEnvironment: ["XTOAST_IMAGE_BUDGET": "0.2"])
            let probe = try XProbe()
            C.parkPointer(probe)
            // Seconds of work for librsvg here (and under the 16 MiB file limit): past the budget.
            let file = daemon.directory.appendingPathComponent("slower.svg")
            try Self.slowSVG(rects: 150_000).write(to: file, atomically: true, encoding: .utf8)
            let start = Date()
            let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", file.path, "slow icon"])
            #expect(Date().timeIntervalSince(start) < 1.5)
            #expect(run.status == 0)
            _ = try C.resting(probe, count: 1)
            let ping = Date()
            #expect(try daemon.xtoast(["ping"]).status == 0)
            #expect(Date().timeIntervalSince(ping) < 1, "the loop answered while the image decoded")
            try waitUntil("the stopped decode to be logged", timeout: 30) { daemon.log.contains("took longer than") }
            #expect(try daemon.xtoast(["ping"]).status == 0)
            try C.dismissAll(daemon, probe)
        }

        /// 200 bytes that librsvg (2.54) turns into an endless loop: turbulence of two billion
        /// octaves, computed for every pixel whatever size the SVG is drawn at.
        static func stuckSVG(frequency: Int) -> String {
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="f"><feTurbulence baseFrequency="0.\##(frequency)" numOctaves="2000000000"/></filter><rect width="64" height="64" filter="url(#f)"/></svg>"##
        }

        /// The processes whose parent is `pid` (from /proc), with their command lines.
        static func children(of pid: Int32) -> [(pid: Int32, command: String)] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { name -> (Int32, String)? in
                guard let child = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                      let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 2,
                      Int32(fields[1]) == pid else { return nil }
                let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline")))
                    .map { String(decoding: $0.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self) } ?? ""
                return (child, command)
            }
        }

        /// A line of /proc/PID/status in KiB (VmRSS, VmHWM).
        static func memory(_ pid: Int32, _ field: String) throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
            return try #require(Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]))
        }

        @Test("four SVGs that never finish decoding are killed at the budget: no decoder is left, no CPU is spent, later icons decode")
        func stuckDecodersAreKilled() throws {
            let daemon = try DaemonHarness(extraEnvironment: ["XTOAST_IMAGE_BUDGET": "0.5"])
            let probe = try XProbe()
            C.parkPointer(probe)
            let pid = daemon.process.processIdentifier
            var files: [String] = []
            for i in 1...4 {
                let file = daemon.directory.appendingPathComponent("stuck\(i).svg")
                try Self.stuckSVG(frequency: i).write(to: file, atomically: true, encoding: .utf8)
                files.append(file.path)
            }
            let start = Date()
            for (i, file) in files.enumerated() {
                let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", file, "stuck \(i)"])
                #expect(run.status == 0)
            }
            #expect(Date().timeIntervalSince(start) < 4, "each show answers within the patience, not the budget")
            try waitUntil("the decoders to be running") { Self.children(of: pid).contains { $0.command.contains("--decode-image") } }
            // Two run at once, two wait for a turn: 4 × 0.5 s budget / 2 at once, plus the
            // start-up of each decoder on a busy machine.
            try waitUntil("all four to be stopped and logged", timeout: 15) {
                daemon.log.components(separatedBy: "took longer than 0.5 s").count - 1 == 4
            }
            try waitUntil("no decoder to be left (reaped, not a zombie)") { Self.children(of: pid).isEmpty }
            for file in files {
                let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { name in
                    guard Int32(name) != nil, let cmd = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/cmdline")) else { return false }
                    return String(decoding: cmd, as: UTF8.self).contains(file)
                }
                #expect(left.isEmpty, "a process still decodes \(file): \(left)")
            }
            func cpu() throws -> Int {
                let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                // utime, stime, and the CPU time of reaped children (cutime, cstime).
                return [11, 12, 13, 14].reduce(0) { $0 + (Int(fields[$1]) ?? 0) }
            }
            let before = try cpu()
            usleep(1_000_000)  // the measurement itself: a second of what the daemon and its children spend
            let spent = try cpu() - before
            #expect(spent < 20, "\(spent) ticks of CPU in a second after the decoders were stopped")
            try C.dismissAll(daemon, probe)

            let png = daemon.directory.appendingPathComponent("red.png")
            let convert = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "32x32", "xc:#e01b24", png.path],
                                                environment: [:])
            try #require(convert.status == 0, "convert: \(convert.stderr)")
            let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", png.path, "after"])
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            try waitUntil("the later icon on its card") { try Self.iconPixels(probe, near: 0xE01B24) >= 40 }
        }

        @Test("a 7 MB SVG is decoded in a process of its own: the decoder's memory is not the daemon's")
        func bigDecodeOutsideTheDaemon() throws {
            let daemon = try DaemonHarness(extraEnvironment: ["XTOAST_IMAGE_BUDGET": "60"])
            let probe = try XProbe()
            C.parkPointer(probe)
            let pid = daemon.process.processIdentifier
            let file = daemon.directory.appendingPathComponent("big.svg")
            try Self.slowSVG(rects: 100_000).write(to: file, atomically: true, encoding: .utf8)
            let run = try daemon.xtoast(["show", "--timeout", "0", "--icon", file.path, "big icon"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            var decoderPeak = 0
            try waitUntil("the image on the card", timeout: 60) {
                for child in Self.children(of: pid) where child.command.contains("--decode-image") {
                    decoderPeak = max(decoderPeak, (try? Self.memory(child.pid, "VmHWM")) ?? 0)
                }
                return try Self.iconPixels(probe, near: 0xFF00FF) >= 60
            }
            let daemonPeak = try Self.memory(pid, "VmHWM")
            #expect(daemonPeak < 120 << 10, "the daemon peaked at \(daemonPeak >> 10) MiB (its decoder at \(decoderPeak >> 10) MiB)")
            #expect(decoderPeak > daemonPeak, "the decoder, not the daemon, held the decode: \(decoderPeak >> 10) vs \(daemonPeak >> 10) MiB")
            try waitUntil("the decoder to be reaped") { Self.children(of: pid).isEmpty }
        }

        /// A PNG signature, an IHDR chunk (RGBA, 8 bits) announcing the given size, a token IDAT
        /// (decoders read the header when the first IDAT arrives), then IEND.
        static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
            func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            func crc(_ bytes: [UInt8]) -> UInt32 {
                var c: UInt32 = 0xFFFF_FFFF
                for b in bytes {
                    c ^= UInt32(b)
                    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
                }
                return c ^ 0xFFFF_FFFF
            }
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                return be(UInt32(data.count)) + body + be(crc(body))
            }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
                + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]) + chunk("IEND", [])
        }
    }
}

extension XProbe {
    /// Plays a settings daemon: a window owning `_XSETTINGS_S<screen>` whose
    /// `_XSETTINGS_SETTINGS` names `iconTheme` as `Net/IconThemeName` (little-endian layout).
    func ownXSettings(iconTheme: String) -> Window {
        let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        func card16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func card32(_ v: Int) -> [UInt8] { card16(v & 0xFFFF) + card16(v >> 16) }
        func pad(_ b: [UInt8]) -> [UInt8] { b + [UInt8](repeating: 0, count: (4 - b.count % 4) % 4) }
        let name = Array("Net/IconThemeName".utf8), value = Array(iconTheme.utf8)
        let blob: [UInt8] = [0, 0, 0, 0] + card32(1) + card32(1)
            + [1, 0] + card16(name.count) + pad(name) + card32(0) + card32(value.count) + pad(value)
        let property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        blob.withUnsafeBufferPointer {
            _ = XChangeProperty(display, window, property, property, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
        }
        XSetSelectionOwner(display, XInternAtom(display, "_XSETTINGS_S\(screen)", 0), window, UInt(CurrentTime))
        XSync(display, 0)
        return window
    }

    func release(_ settingsWindow: Window) {
        XDestroyWindow(display, settingsWindow)
        XSync(display, 0)
    }
}
