import CX11
import Foundation
import JSONCodec
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// The card, as the user sees it: the three styles, a reference picture, emoji and CJK
    /// text, HiDPI, custom icons, the close button, expanding a long message, and markup.
    @Suite struct CardTests {
        typealias F = FoundationTests
        static let root: UInt32 = 0x336699

        /// Keeps the pointer off every card (a hovered card shows its close button).
        static func parkPointer(_ probe: XProbe) {
            probe.movePointer(to: Point(x: probe.screenSize.width / 2, y: probe.screenSize.height - 2))
        }

        /// `FoundationTests.restingCards`, saying which windows it saw when they did not come to rest.
        static func resting(_ probe: XProbe, count: Int, timeout: Double = 5) throws -> [XProbe.CardWindow] {
            do {
                return try F.restingCards(probe, count: count, timeout: timeout)
            } catch {
                throw TestFailure("\(error); on screen: \(probe.cardsOnScreen().map(\.frame)), all: \(probe.cards().map(\.frame))")
            }
        }

        static func capture(_ probe: XProbe, _ f: Rect) throws -> XProbe.Capture {
            try probe.capture(x: Int(f.x), y: Int(f.y), width: Int(f.width), height: Int(f.height))
        }

        static func dismissAll(_ daemon: DaemonHarness, _ probe: XProbe) throws {
            try daemon.xtoast(["dismiss", "--all"])
            try waitUntil("cards to leave") { probe.cards().isEmpty }
        }

        @Test("each style: the kind's colour at the border or bar, an icon in that colour, corners per radius",
              arguments: CardStyle.allCases)
        func styles(_ style: CardStyle) throws {
            let daemon = try DaemonHarness(config: "[general]\nmax_visible = 7\n")
            let probe = try XProbe()
            probe.setRootColor(Self.root)
            defer { probe.setRootColor(0) }
            Self.parkPointer(probe)
            for kind in Kind.allCases {
                _ = try daemon.show(["--style", style.rawValue, "--kind", kind.rawValue, "--timeout", "0",
                                     "--title", "Kind", "\(kind.rawValue) toast"])
            }
            // The newest card sits nearest the top edge: top to bottom is the reverse of showing.
            let cards = try Self.resting(probe, count: Kind.allCases.count).sorted { $0.frame.y < $1.frame.y }
            for (card, kind) in zip(cards, Kind.allCases.reversed()) {
                let f = card.frame
                let c = try Self.capture(probe, f)
                let x = c.x, y = c.y, w = c.width, h = c.height
                let color = kind.defaultColor
                func near(_ px: Int, _ py: Int, _ tolerance: Int = 12) -> Bool { colorDistance(c.at(px, py), color) <= tolerance }

                switch style {
                case .tinted:
                    #expect(f.width == 360)
                    for (px, py) in [(x + w / 2, y), (x + w / 2, y + h - 1), (x, y + h / 2), (x + w - 1, y + h / 2)] {
                        #expect(near(px, py), "\(kind) tinted border at \(px),\(py): \(hex(c.at(px, py)))")
                    }
                    // Radius 10: the corner pixel and its diagonal neighbour lie outside the curve.
                    for (px, py) in [(x, y), (x + 1, y + 1), (x + w - 2, y + 1), (x + 1, y + h - 2), (x + w - 2, y + h - 2)] {
                        #expect(c.at(px, py) == Self.root, "\(kind) tinted corner at \(px),\(py) shows the root")
                    }
                case .accent:
                    #expect(f.width == 360)
                    // A 6 px bar of the kind's colour at the leading edge, nothing of it beyond.
                    for px in [x + 1, x + 3, x + 5] {
                        #expect(near(px, y + h / 2), "\(kind) accent bar at \(px): \(hex(c.at(px, y + h / 2)))")
                    }
                    for (px, py) in [(x + 8, y + h / 2), (x + w - 1, y + h / 2), (x + w / 2, y)] {
                        #expect(colorDistance(c.at(px, py), color) > 40, "\(kind) accent: no kind colour at \(px),\(py)")
                    }
                    // Radius 8: still wide enough that the diagonal neighbour of each corner is outside.
                    for (px, py) in [(x, y), (x + 1, y + 1), (x + w - 2, y + 1), (x + 1, y + h - 2), (x + w - 2, y + h - 2)] {
                        #expect(c.at(px, py) == Self.root, "\(kind) accent corner at \(px),\(py) shows the root")
                    }
                case .capsule:
                    #expect(h <= 60 && w < 360, "\(kind) capsule is \(w)x\(h)")
                    // A pill: both ends rounded (radius h/2), so (x+2, y+2) is still outside.
                    for (px, py) in [(x, y), (x + 2, y + 2), (x + w - 1, y), (x + w - 3, y + 2),
                                     (x, y + h - 1), (x + 2, y + h - 3), (x + w - 1, y + h - 1), (x + w - 3, y + h - 3)] {
                        #expect(c.at(px, py) == Self.root, "\(kind) capsule end at \(px),\(py) shows the root")
                    }
                    // ...while the middle of each end is card.
                    #expect(c.at(x + 1, y + h / 2) != Self.root && c.at(x + w - 2, y + h / 2) != Self.root)
                }
                // The icon: pixels of the kind's colour where the icon sits, clear of any border.
                let icon: (x0: Int, y0: Int, x1: Int, y1: Int) = switch style {
                case .tinted: (x + 8, y + 8, x + 40, y + 40)
                case .accent: (x + 12, y + 8, x + 46, y + 40)
                case .capsule: (x + 4, y + 2, x + h / 2 + 24, y + h - 2)
                }
                var iconPixels = 0
                for py in icon.y0..<icon.y1 { for px in icon.x0..<icon.x1 where near(px, py, 40) { iconPixels += 1 } }
                #expect(iconPixels >= 15, "\(kind) \(style) icon: \(iconPixels) pixels of its colour")
            }
        }

        // MARK: A reference picture

        static let referenceURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Reference/tinted-error.ppm")

        @Test("a tinted error card matches its reference picture (97% of pixels within 24 per channel)")
        func reference() throws {
            // The font the reference was drawn in: "sans" alone follows whichever fonts are
            // installed (Noto Sans once fonts-noto-core is there).
            let daemon = try DaemonHarness(config: "[font]\nfamily = DejaVu Sans\n")
            let probe = try XProbe()
            probe.setRootColor(Self.root)
            defer { probe.setRootColor(0) }
            Self.parkPointer(probe)
            _ = try daemon.show(["--kind", "error", "--timeout", "0", "--title", "Deploy failed",
                                 "ssh: connect to host prod-3 port 22: Connection refused"])
            let f = try #require(try Self.resting(probe, count: 1).first).frame
            let shot = try Self.capture(probe, f)
            let picture = PPM(width: shot.width, height: shot.height, pixels: shot.pixels)
            if ProcessInfo.processInfo.environment["XTOAST_UPDATE_REFERENCES"] == "1" {
                try FileManager.default.createDirectory(at: Self.referenceURL.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try picture.data.write(to: Self.referenceURL)
                return
            }
            let reference = try #require(try PPM(contentsOf: Self.referenceURL),
                                         "no reference at \(Self.referenceURL.path); run with XTOAST_UPDATE_REFERENCES=1")
            try #require(reference.width == picture.width && reference.height == picture.height,
                         "card is \(picture.width)x\(picture.height), reference \(reference.width)x\(reference.height)")
            let close = zip(reference.pixels, picture.pixels).filter { colorDistance($0, $1) <= 24 }.count
            let share = Double(close) / Double(picture.pixels.count)
            if share < 0.97 {
                let failed = Self.referenceURL.deletingLastPathComponent().appendingPathComponent("tinted-error.actual.ppm")
                try? picture.data.write(to: failed)
            }
            #expect(share >= 0.97, "only \(Int(share * 1000) / 10)% of pixels match the reference")
        }

        // MARK: Text beyond the primary font

        @Test("CJK text draws real glyphs (no fallback boxes), emoji draw in colour")
        func cjkAndEmoji() throws {
            let daemon = try DaemonHarness(config: "[general]\nmax_visible = 6\n")
            let probe = try XProbe()
            Self.parkPointer(probe)
            // Four characters, one card each. Missing glyphs would all draw the same box, so
            // four different ink patterns mean four real glyphs.
            let characters = ["漢", "字", "か", "な"]
            for ch in characters { _ = try daemon.show(["--timeout", "0", "\(ch)\(ch)"]) }
            let cards = try Self.resting(probe, count: characters.count).sorted { $0.frame.y < $1.frame.y }
            var masks: [[Bool]] = []
            for (card, ch) in zip(cards, characters.reversed()) {
                let c = try Self.capture(probe, card.frame)
                let background = c.at(c.x + c.width - 8, c.y + c.height / 2)
                let area = TextArea(c, left: 40, right: 30)
                let mask = area.pixels.map { colorDistance($0, background) > 80 }
                let ink = mask.filter { $0 }.count
                #expect(ink >= 30, "\(ch): \(ink) ink pixels")
                masks.append(mask)
            }
            for i in 0..<masks.count {
                for j in (i + 1)..<masks.count {
                    let differing = zip(masks[i], masks[j]).filter { $0 != $1 }.count
                    #expect(differing >= 20, "cards \(i) and \(j) show the same shape (\(differing) pixels differ): fallback boxes?")
                }
            }
            try Self.dismissAll(daemon, probe)

            // Emoji: a loading card is grey (icon, tint, text), so colour in its text can only be emoji.
            _ = try daemon.show(["--kind", "loading", "Rocket 🚀 party 🎉 apple 🍎"])
            let f = try #require(try Self.resting(probe, count: 1).first).frame
            let c = try Self.capture(probe, f)
            let area = TextArea(c, left: 40, right: 30)
            let colourful = area.pixels.filter { saturation($0) >= 80 }.count
            #expect(colourful >= 40, "\(colourful) saturated pixels where the emoji are")
        }

        // MARK: HiDPI

        @Test("at Xft.dpi 192 the card is twice the size it is at 96 dpi")
        func doubleDPI() throws {
            let probe = try XProbe()
            Self.parkPointer(probe)
            let args = ["--timeout", "0", "--title", "Scale", "The same words at two densities"]
            var normal = try DaemonHarness()
            _ = try normal.show(args)
            let small = try #require(try Self.resting(probe, count: 1).first).frame
            normal.stop()
            try waitUntil("the card to go with its daemon") { probe.cards().isEmpty }

            let previous = probe.resourceManager()
            probe.setResourceManager("Xft.dpi:\t192\n")
            defer { probe.setResourceManager(previous) }
            normal = try DaemonHarness()
            _ = try normal.show(args)
            let large = try #require(try Self.resting(probe, count: 1).first).frame
            #expect(large.width == 2 * small.width, "\(large.width) vs \(small.width)")
            #expect(abs(large.height - 2 * small.height) <= 2, "\(large.height) vs \(small.height)")
            // Still at its corner, 2 × 16 px from the edges.
            #expect(large.maxX == probe.screenSize.width - 32 && large.y == 32, "\(large)")
        }

        // MARK: Icons

        @Test("a broken --icon file still shows the toast, with the kind's icon, and a warning on stderr")
        func brokenIcon() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            let file = daemon.directory.appendingPathComponent("x.png")
            try "not a picture\n".write(to: file, atomically: true, encoding: .utf8)
            let run = try daemon.xtoast(["show", "--kind", "success", "--timeout", "0", "--icon", file.path, "icon or not"])
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
            #expect(run.stderr.contains("warning"), "stderr: \(run.stderr)")
            #expect(!run.stdout.isEmpty)
            let f = try #require(try Self.resting(probe, count: 1).first).frame
            let c = try Self.capture(probe, f)
            var green = 0
            for py in (c.y + 8)..<(c.y + 40) {
                for px in (c.x + 8)..<(c.x + 40) where colorDistance(c.at(px, py), Kind.success.defaultColor) <= 40 { green += 1 }
            }
            #expect(green >= 15, "the success icon stands in: \(green) green pixels")
        }

        // MARK: Pointer

        @Test("hovering shows a × near the top-right corner; clicking it ends the toast with reason close")
        func closeButton() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let id = try #require(try client.request(#"{"op":"show","message":"close me","timeout":0}"#)["id"]?.string)
            let f = try #require(try Self.resting(probe, count: 1).first).frame
            let centre = Point(x: f.maxX - 16, y: f.y + 17)
            func ink() throws -> Int {
                let c = try probe.capture(x: Int(centre.x) - 6, y: Int(centre.y) - 6, width: 13, height: 13)
                let background = try probe.pixel(Int(f.maxX) - 8, Int(f.midY))
                return c.pixels.filter { colorDistance($0, background) > 40 }.count
            }
            #expect(try ink() == 0, "nothing drawn where the × goes before hovering")
            probe.movePointer(to: Point(x: f.x + 100, y: f.y + f.height / 2))
            try waitUntil("the × to appear while hovered") { try ink() >= 12 }
            probe.click(at: centre)
            let event = try client.event("dismissed")
            #expect(event["id"]?.string == id && event["reason"]?.string == "close", "\(event.text)")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            Self.parkPointer(probe)
        }

        @Test("a long message is cut at three lines; a click expands it, a second click dismisses it")
        func expand() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            // The line height, from a one-line and a two-line message under the same title.
            func height(_ message: String) throws -> Double {
                let id = try #require(try client.reply(#"{"op":"show","title":"Long","message":"\#(message)","timeout":0}"#)["id"]?.string)
                let h = try #require(try Self.resting(probe, count: 1).first).frame.height
                _ = try client.reply(#"{"op":"dismiss","id":"\#(id)"}"#)
                try waitUntil("the card to leave") { probe.cards().isEmpty }
                return h
            }
            let one = try height("one line")
            let line = try height("one line\\nand another") - one
            #expect(line >= 12 && line <= 30, "line height \(line)")

            let words = (1...120).map { "word\($0)" }.joined(separator: " ")
            let id = try #require(try client.reply(#"{"op":"show","title":"Long","message":"\#(words)","timeout":0}"#)["id"]?.string)
            let collapsed = try #require(try Self.resting(probe, count: 1).first).frame
            #expect(collapsed.height == one + 2 * line, "collapsed at three lines: \(collapsed.height), one line \(one), line \(line)")

            probe.click(at: Point(x: collapsed.x + 60, y: collapsed.midY))
            var expanded = collapsed
            try waitUntil("the card to grow and rest taller") {
                guard let card = try? F.restingCards(probe, count: 1, timeout: 0.5).first else { return false }
                expanded = card.frame
                return expanded.height >= collapsed.height + 3 * line
            }
            #expect(expanded.width == collapsed.width && expanded.y == collapsed.y)
            // Nothing ended: every line up to the reply to a ping (sent after the click) is not a dismissal.
            client.send(#"{"op":"ping"}"#)
            while true {
                let line = try client.next()
                if line["event"] == nil { #expect(line["ok"]?.bool == true); break }
                #expect(line["event"]?.string != "dismissed", "the expanding click dismissed: \(line.text)")
            }

            probe.click(at: Point(x: expanded.x + 60, y: expanded.midY))
            let event = try client.event("dismissed")
            #expect(event["id"]?.string == id && event["reason"]?.string == "click", "\(event.text)")
            try waitUntil("the card to leave") { probe.cards().isEmpty }
            Self.parkPointer(probe)
        }

        @Test("a low-urgency card keeps its kind's icon and hue, with an accent dimmer than a normal card's",
              arguments: [CardStyle.accent, .tinted])
        func lowUrgencyIsMuted(_ style: CardStyle) throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            // The accent bar's middle (accent) or the border's top middle (tinted), and the card's body.
            func accentAndBody(_ urgency: String) throws -> (accent: UInt32, body: UInt32) {
                _ = try daemon.show(["--timeout", "0", "--style", style.rawValue, "--kind", "success", "--urgency", urgency, "quiet news"])
                let f = try #require(try Self.resting(probe, count: 1).first).frame
                let c = try Self.capture(probe, f)
                let accent = style == .accent ? c.at(c.x + 2, c.y + c.height / 2) : c.at(c.x + c.width / 2, c.y)
                let body = c.at(c.x + c.width - 8, c.y + c.height / 2)
                try Self.dismissAll(daemon, probe)
                return (accent, body)
            }
            let normal = try accentAndBody("normal"), low = try accentAndBody("low")
            #expect(colorDistance(normal.accent, Kind.success.defaultColor) <= 12, "normal accent \(hex(normal.accent))")
            // Dimmer: nearer the card's background, with less of the hue, but still green.
            #expect(colorDistance(low.accent, low.body) + 40 < colorDistance(normal.accent, normal.body),
                    "low \(hex(low.accent)) on \(hex(low.body)), normal \(hex(normal.accent)) on \(hex(normal.body))")
            #expect(saturation(low.accent) + 40 < saturation(normal.accent))
            let g = Int(low.accent >> 8 & 0xFF), r = Int(low.accent >> 16 & 0xFF), b = Int(low.accent & 0xFF)
            #expect(g > r && g > b, "still the kind's hue: \(hex(low.accent))")
        }

        @Test("expanded, a 2 000-character message grows the card to the work area's height less the margins")
        func expandToTheWorkArea() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            let long = (1...400).map { "w\($0)" }.joined(separator: " ")
            _ = try daemon.show(["--timeout", "0", "--title", "Long", long])
            let collapsed = try #require(try Self.resting(probe, count: 1).first).frame
            probe.click(at: Point(x: collapsed.x + 60, y: collapsed.midY))
            let room = probe.screenSize.height - 32
            let expanded = try Self.grownToTheWorkArea(probe, room: room)
            #expect(expanded.height <= room && expanded.y == collapsed.y, "\(expanded), room \(room)")
            try Self.dismissAll(daemon, probe)
            Self.parkPointer(probe)
        }

        /// The one card's frame once an expansion has brought it within 30 px of `room`.
        static func grownToTheWorkArea(_ probe: XProbe, room: Double) throws -> Rect {
            var expanded = Rect(x: 0, y: 0, width: 0, height: 0)
            try waitUntil("the card to grow to the work area") {
                guard let card = try? F.restingCards(probe, count: 1, timeout: 0.5).first else { return false }
                expanded = card.frame
                return expanded.height > room - 30
            }
            return expanded
        }

        @Test("expanded, the wheel (XTest buttons 5 and 4) scrolls a 2 000-character message inside the card, never dismissing it")
        func wheelScrollsTheText() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            let client = try ProtocolClient(path: daemon.socketPath)
            let long = (1...400).map { "w\($0)" }.joined(separator: " ")
            let id = try #require(try client.reply(#"{"op":"show","title":"Long","message":"\#(long)","timeout":0}"#)["id"]?.string)
            let collapsed = try #require(try Self.resting(probe, count: 1).first).frame
            // A notch on the collapsed card does nothing (it neither expands nor dismisses it).
            let pointer = Point(x: collapsed.x + 60, y: collapsed.midY)
            probe.movePointer(to: pointer)
            probe.button(5, down: true)
            probe.button(5, down: false)
            probe.click(at: pointer)
            var expanded = try Self.grownToTheWorkArea(probe, room: probe.screenSize.height - 32)
            // On a loaded machine the last resize may still be on its way: the card must hold
            // one frame for 100 ms (20 looks) before its text is read.
            var steady = 0
            try waitUntil("the expanded card to hold still") {
                let now = probe.cards().first?.frame
                steady = now == expanded ? steady + 1 : 0
                if let now { expanded = now }
                return steady >= 20
            }
            func text() throws -> [UInt32] { TextArea(try Self.capture(probe, expanded), left: 40, right: 30).pixels }
            let first = try text()
            for _ in 0..<3 {
                probe.button(5, down: true)
                probe.button(5, down: false)
            }
            var scrolled = first
            try waitUntil("the text to scroll") {
                scrolled = try text()
                return scrolled != first
            }
            let changed = zip(first, scrolled).filter { $0 != $1 }.count
            #expect(changed > first.count / 50, "the text moved, not a pixel or two: \(changed) of \(first.count)")
            #expect(try #require(probe.cards().first).frame == expanded, "the card keeps its size and place")
            if let shot = ProcessInfo.processInfo.environment["XTOAST_SHOT"] {
                _ = try DaemonHarness.run(URL(fileURLWithPath: "/usr/bin/import"), ["-window", "root", shot],
                                          environment: ["DISPLAY": TestDisplay.name])
            }
            for _ in 0..<3 {
                probe.button(4, down: true)
                probe.button(4, down: false)
            }
            try waitUntil("the text to scroll back to the top") { try text() == first }
            #expect(probe.cards().count == 1 && probe.cards().first?.frame == expanded)
            // Nothing ended: every line up to the reply to a ping is not a dismissal.
            client.send(#"{"op":"ping"}"#)
            while true {
                let line = try client.next()
                if line["event"] == nil { #expect(line["ok"]?.bool == true); break }
                #expect(line["event"]?.string != "dismissed", "the wheel dismissed \(id): \(line.text)")
            }
            try Self.dismissAll(daemon, probe)
            Self.parkPointer(probe)
        }

        // MARK: Markup

        @Test("--markup draws <b> as bold, not as literal tags")
        func markup() throws {
            let daemon = try DaemonHarness()
            let probe = try XProbe()
            Self.parkPointer(probe)
            func inkOf(_ args: [String]) throws -> (width: Int, count: Int) {
                _ = try daemon.show(["--timeout", "0"] + args)
                let f = try #require(try Self.resting(probe, count: 1).first).frame
                let c = try Self.capture(probe, f)
                let background = c.at(c.x + c.width - 8, c.y + c.height / 2)
                let area = TextArea(c, left: 40, right: 30)
                var minX = Int.max, maxX = Int.min, count = 0
                for (i, p) in area.pixels.enumerated() where colorDistance(p, background) > 80 {
                    minX = min(minX, i % area.width)
                    maxX = max(maxX, i % area.width)
                    count += 1
                }
                try Self.dismissAll(daemon, probe)
                return (count == 0 ? 0 : maxX - minX + 1, count)
            }
            let bold = try inkOf(["--markup", "<b>bold</b> text"])
            let literal = try inkOf(["<b>bold</b> text"])
            let regular = try inkOf(["--markup", "bold text"])
            #expect(bold.count > 0)
            #expect(literal.width > bold.width + 20, "literal tags widen the text: \(literal.width) vs \(bold.width)")
            #expect(bold.count > regular.count, "bold has more ink: \(bold.count) vs \(regular.count)")
        }
    }
}

/// The text column of a captured card: right of the icon, left of the close button, inside the padding.
struct TextArea {
    var width: Int
    var pixels: [UInt32] = []

    init(_ c: XProbe.Capture, left: Int, right: Int, vertical: Int = 6) {
        width = max(0, c.width - left - right)
        for py in vertical..<max(vertical, c.height - vertical) {
            for px in left..<(left + width) { pixels.append(c.pixels[py * c.width + px]) }
        }
    }
}

/// How far a colour is from grey: 0 for greys, up to 255 for pure hues.
func saturation(_ p: UInt32) -> Int {
    let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
    return max(r, g, b) - min(r, g, b)
}

func hex(_ p: UInt32) -> String { "#" + String(p, radix: 16, uppercase: true).leftPadded(to: 6) }

extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

/// A binary PPM (P6) picture: the simplest format that needs no library to read or write.
struct PPM {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads a P6 file with maxval 255; nil if there is no file.
    init?(contentsOf url: URL) throws {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var i = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw TestFailure("\(url.path) is not a P6 PPM") }
        while fields.count < 3, i < bytes.count {
            if bytes[i] == UInt8(ascii: "#") {
                while i < bytes.count, bytes[i] != 10 { i += 1 }
            } else if (48...57).contains(bytes[i]) {
                var n = 0
                while i < bytes.count, (48...57).contains(bytes[i]) { n = n * 10 + Int(bytes[i] - 48); i += 1 }
                fields.append(n)
                continue
            }
            i += 1
        }
        i += 1  // the single whitespace after maxval
        guard fields.count == 3, fields[2] == 255, bytes.count >= i + fields[0] * fields[1] * 3 else {
            throw TestFailure("\(url.path): unsupported or short PPM")
        }
        width = fields[0]
        height = fields[1]
        pixels = (0..<(width * height)).map { k in
            let o = i + k * 3
            return UInt32(bytes[o]) << 16 | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2])
        }
    }

    var data: Data {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + pixels.count * 3)
        for p in pixels { bytes += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)] }
        return Data(bytes)
    }
}

extension ProtocolClient {
    /// Sends a request and returns its reply, passing over events that were already on the way.
    func reply(_ line: String) throws -> JSON {
        send(line)
        while true {
            let next = try next()
            if next["event"] == nil { return next }
        }
    }
}

extension Rect {
    var midY: Double { y + height / 2 }
}

extension XProbe {
    /// The root window's RESOURCE_MANAGER property (where Xft.dpi lives), or nil when unset.
    func resourceManager() -> String? {
        let property = XInternAtom(display, "RESOURCE_MANAGER", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, root, property, 0, 1 << 20, 0, Atom(0) /* AnyPropertyType */,
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type != 0, format == 8 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// Sets RESOURCE_MANAGER on the root (what `xrdb` does), or removes it for nil. A client
    /// reads it when it opens the display, so set it before starting the daemon under test.
    func setResourceManager(_ value: String?) {
        let property = XInternAtom(display, "RESOURCE_MANAGER", 0)
        if let value {
            let string = XInternAtom(display, "STRING", 0)
            let bytes = Array(value.utf8)
            bytes.withUnsafeBufferPointer {
                _ = XChangeProperty(display, root, property, string, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
            }
        } else {
            XDeleteProperty(display, root, property)
        }
        XSync(display, 0)
    }
}
