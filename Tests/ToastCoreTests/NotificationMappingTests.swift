import Foundation
import Testing
import ToastCore

/// The bus-free half of the D-Bus notification server: what a `Notify` call becomes, and
/// what board events become on the bus.
@Suite struct NotificationMappingTests {
    @Test("kind from urgency and category: critical or *.error is error, transfer.complete success, *.warning warning, else info; low urgency keeps its category's kind, never debug")
    func kinds() {
        #expect(NotificationMapping.kind(urgency: .critical, category: nil) == .error)
        #expect(NotificationMapping.kind(urgency: .normal, category: "network.error") == .error)
        #expect(NotificationMapping.kind(urgency: .normal, category: "transfer.complete") == .success)
        #expect(NotificationMapping.kind(urgency: .normal, category: "device.warning") == .warning)
        #expect(NotificationMapping.kind(urgency: .low, category: "email.arrived") == .info)
        #expect(NotificationMapping.kind(urgency: .low, category: nil) == .info)
        #expect(NotificationMapping.kind(urgency: .low, category: "transfer.complete") == .success)
        #expect(NotificationMapping.kind(urgency: .low, category: "device.warning") == .warning)
        #expect(NotificationMapping.kind(urgency: .low, category: "network.error") == .error)
        #expect(NotificationMapping.kind(urgency: .normal, category: "im.received") == .info)
        #expect(NotificationMapping.kind(urgency: .normal, category: nil) == .info)
    }

    @Test("urgency arrives as a byte (notify-send) or any integer (browsers send a uint32); out of range is normal")
    func urgency() {
        #expect(NotificationMapping.urgency(.byte(2)) == .critical)
        #expect(NotificationMapping.urgency(.int(2)) == .critical)
        #expect(NotificationMapping.urgency(.int(0)) == .low)
        #expect(NotificationMapping.urgency(.int(7)) == .normal)
        #expect(NotificationMapping.urgency(.string("2")) == .normal)
        #expect(NotificationMapping.urgency(nil) == .normal)
    }

    @Test("expire_timeout: -1 the kind's default, 0 never, N milliseconds (at most a day); critical is the admission's")
    func timeouts() {
        #expect(NotificationMapping.timeout(-1) == nil)
        #expect(NotificationMapping.timeout(-7) == nil)
        #expect(NotificationMapping.timeout(0) == 0)
        #expect(NotificationMapping.timeout(1500) == 1.5)
        #expect(NotificationMapping.timeout(Int32.max) == ProtocolLimits.maxTimeout)
        // The sender's timeout is kept; `Admission` makes a critical toast wait (AdmissionTests).
        #expect(NotificationMapping.decide(NotifyCall(hints: ["urgency": .byte(2)], expireTimeout: 1500)).request.timeout == 1.5)
    }

    @Test("strings past their limits: icons over 4096 bytes and names over 255 are ignored with a note that does not repeat them")
    func stringLimits() {
        let icon = String(repeating: "i", count: ProtocolLimits.maxIconBytes + 1)
        let name = String(repeating: "n", count: NotificationLimits.maxNameBytes + 1)
        let call = NotifyCall(appIcon: icon, summary: "s", actions: [name, "Long key", "ok", "OK"],
                              hints: ["image-path": .string(icon), "category": .string(name + ".error"),
                                      "desktop-entry": .string(name), "x-dunst-stack-tag": .string(name)])
        let d = NotificationMapping.decide(call)
        #expect(d.request.icon == nil && d.stackTag == nil && d.request.kind == .info)
        #expect(d.request.actions == [Action(id: "ok", label: "OK")])
        #expect(d.notes.count == 6, "\(d.notes)")
        #expect(d.notes.allSatisfy { $0.count < 100 }, "\(d.notes)")
        #expect(d.notes.contains("app_icon of 4097 bytes ignored (at most 4096)"))
        // At the limits they are kept.
        let fits = NotificationMapping.decide(NotifyCall(appIcon: String(icon.dropFirst()), summary: "s",
                                                         hints: ["x-dunst-stack-tag": .string(String(name.dropFirst()))]))
        #expect(fits.request.icon?.utf8.count == ProtocolLimits.maxIconBytes && fits.stackTag != nil && fits.notes.isEmpty)
    }

    @Test("a call becomes a show request: summary the title, body as markup, app, progress from value, critical kept")
    func request() {
        let call = NotifyCall(appName: "mail", summary: "New mail", body: "<b>from</b> Ann",
                              hints: ["urgency": .byte(2), "value": .int(140), "x-dunst-stack-tag": .string("vol")],
                              expireTimeout: 2000)
        let d = NotificationMapping.decide(call)
        #expect(d.request.title == "New mail")
        #expect(d.request.message == "<b>from</b> Ann" && d.request.markup)
        #expect(d.request.app == "mail")
        #expect(d.request.kind == .error && d.request.urgency == .critical && d.request.timeout == 2,
                "the sender's timeout; the admission makes it wait")
        #expect(d.request.progress == 100, "value is clamped to 0...100")
        #expect(d.stackTag == "vol")
        #expect(NotificationMapping.decide(NotifyCall(hints: ["x-canonical-private-synchronous": .string("bright")])).stackTag == "bright")
    }

    @Test("actions: default is the body click, the first three others are buttons, long labels are cut with an ellipsis")
    func actions() {
        let long = String(repeating: "w", count: 60)
        var flat = ["default", "Open", "a", "Archive", "b", long, "c", "", "d", "Dropped", "e"]
        flat += (0..<1000).flatMap { ["k\($0)", "L\($0)"] }
        let d = NotificationMapping.decide(NotifyCall(actions: flat))
        #expect(d.request.defaultAction == "default")
        #expect(d.request.actions.map(\.id) == ["a", "b", "c"])
        #expect(d.request.actions[1].label.count == ProtocolLimits.maxActionLabel && d.request.actions[1].label.hasSuffix("…"))
        #expect(d.request.actions[2].label == "c", "an empty label shows its key")
        #expect(d.notes.contains { $0.contains("dropped") })
    }

    @Test("a 3 MB body and a long summary are cut; control characters and bidi overrides leave the app name")
    func limits() {
        let d = NotificationMapping.decide(NotifyCall(appName: "ev\u{202E}il\u{1B}[31m", summary: String(repeating: "s", count: 5000),
                                                      body: String(repeating: "b", count: 3_000_000)))
        #expect(d.request.message.unicodeScalars.count == NotificationLimits.maxBodyCharacters + 1)
        #expect(d.request.message.hasSuffix("…"))
        #expect(d.request.title?.unicodeScalars.count == NotificationLimits.maxSummaryCharacters + 1)
        #expect(d.request.app.map { !$0.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" } } == true)
    }

    @Test("images: image-data first, then image-path, then app_icon, then icon_data; desktop-entry as the last resort")
    func images() {
        let pixels = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [1, 2, 3])
        #expect(NotificationMapping.decide(NotifyCall(appIcon: "mail", hints: ["image-data": .image(pixels), "image-path": .string("/x.png")])).image == pixels)
        let path = NotificationMapping.decide(NotifyCall(appIcon: "mail", hints: ["image-path": .string("/x.png"), "icon_data": .image(pixels)]))
        #expect(path.request.icon == "/x.png" && path.image == nil)
        #expect(NotificationMapping.decide(NotifyCall(appIcon: "mail")).request.icon == "mail")
        #expect(NotificationMapping.decide(NotifyCall(hints: ["icon_data": .image(pixels)])).image == pixels)
        #expect(NotificationMapping.decide(NotifyCall(hints: ["desktop-entry": .string("firefox")])).request.icon == "firefox")
        let refused = NotificationMapping.decide(NotifyCall(hints: ["image-data": .unusable("too big")]))
        #expect(refused.image == nil && refused.notes.contains { $0.contains("too big") })
    }

    @Test("a desktop entry: the unlocalised Name and Icon of its [Desktop Entry] group; an empty app_name takes its name")
    func desktopEntry() {
        let text = "# comment\r\n[Desktop Entry]\r\nName[de]=Post\r\nName = Mail\r\nIcon=mail-client\r\n[Desktop Action new]\r\nName=New\r\n"
        let entry = DesktopEntry.parse(text)
        #expect(entry == DesktopEntry(name: "Mail", icon: "mail-client"))
        let d = NotificationMapping.decide(NotifyCall(hints: ["desktop-entry": .string("mail")]), entry: entry)
        #expect(d.request.app == "Mail" && d.request.icon == "mail-client")
        let own = NotificationMapping.decide(NotifyCall(appName: "Thunderbird", appIcon: "tb", hints: ["desktop-entry": .string("mail")]), entry: entry)
        #expect(own.request.app == "Thunderbird" && own.request.icon == "tb")
        let env = IconEnvironment(home: "/home/u", dataDirs: "/usr/share:/opt/share")
        #expect(DesktopEntry.directories(env) == ["/home/u/.local/share/applications", "/usr/share/applications", "/opt/share/applications"])
        #expect(DesktopEntry.fileName(of: "org.mail.App.desktop") == "org.mail.App.desktop")
        #expect(DesktopEntry.fileName(of: "org.mail.App") == "org.mail.App.desktop")
        #expect(DesktopEntry.fileName(of: "../../etc/passwd") == nil)
        #expect(DesktopEntry.fileName(of: ".hidden") == nil)
        #expect(DesktopEntry.fileName(of: "") == nil)
    }

    @Test("an image header is checked before it becomes a size: sides, channels, bits, rowstride")
    func imageHeader() {
        func needed(_ w: Int32, _ h: Int32, _ stride: Int32, alpha: Bool = false, bits: Int32 = 8, channels: Int32 = 3) -> Int? {
            try? RawImage.neededBytes(width: w, height: h, rowstride: stride, hasAlpha: alpha, bitsPerSample: bits, channels: channels,
                                      given: Int.max).get()
        }
        #expect(needed(2, 2, 6) == 12)
        #expect(needed(2, 2, 8) == 14, "padded rows: the last row needs no padding")
        #expect(needed(2, 2, 8, alpha: true, channels: 4) == 16)
        #expect(needed(100_000, 100_000, 300_000) == nil)
        #expect(needed(Int32.max, Int32.max, Int32.max) == nil)
        #expect(needed(-1, 2, 6) == nil)
        #expect(needed(2, 2, 5) == nil, "rowstride shorter than a row")
        #expect(needed(2, 2, 1000) == 1006, "any padding: the last row needs only its pixels")
        #expect(needed(2, 2, 6, channels: 4) == nil, "channels must match has_alpha")
        #expect(needed(2, 2, 12, bits: 16) == nil)
    }

    @Test("image-data with wide padding: accepted when the bytes cover (height-1)×rowstride + a row, else told what is missing")
    func imageRowstride() throws {
        // 3×2 RGB rows 64 bytes apart (a 64-byte-aligned buffer): 64 + 9 bytes needed.
        func check(given: Int) -> Result<Int, RequestError> {
            RawImage.neededBytes(width: 3, height: 2, rowstride: 64, hasAlpha: false, bitsPerSample: 8, channels: 3, given: given)
        }
        #expect(try check(given: 73).get() == 73, "the gdk-pixbuf rule: the last row without padding")
        #expect(try check(given: 128).get() == 73, "height × rowstride is more than enough")
        guard case let .failure(short) = check(given: 72) else { Issue.record("72 bytes cannot cover 73"); return }
        #expect(short.message == "image-data: 72 bytes do not cover 2 rows 64 bytes apart (1 × 64 + 9 for the last row = 73 bytes)")
        guard case let .failure(narrow) = RawImage.neededBytes(width: 3, height: 2, rowstride: 8, hasAlpha: false, bitsPerSample: 8,
                                                                channels: 3, given: 100) else { Issue.record(); return }
        #expect(narrow.message.contains("shorter than a row"), "\(narrow.message)")
        // Only the pixels are kept, rows packed.
        let wire: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9] + Array(repeating: 0xEE, count: 55) + [11, 12, 13, 14, 15, 16, 17, 18, 19]
        let image = wire.withUnsafeBytes { RawImage.packed(width: 3, height: 2, rowstride: 64, hasAlpha: false, channels: 3, from: $0) }
        #expect(image.rowstride == 9 && image.bytes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    }

    @Test("board events become signals: reasons 1 expired, 2 the user, 3 closed by call or xtoast dismiss, 4 other")
    func signals() {
        #expect(NotificationMapping.signal(for: .dismissed(id: "7", reason: .timeout)) == .notificationClosed(id: 7, reason: 1))
        for r in [DismissReason.click, .swipe, .close, .action] {
            #expect(NotificationMapping.signal(for: .dismissed(id: "7", reason: r)) == .notificationClosed(id: 7, reason: 2))
        }
        #expect(NotificationMapping.signal(for: .dismissed(id: "7", reason: .api)) == .notificationClosed(id: 7, reason: 3))
        for r in [DismissReason.replaced, .overflow, .shutdown] {
            #expect(NotificationMapping.signal(for: .dismissed(id: "7", reason: r)) == .notificationClosed(id: 7, reason: 4))
        }
        #expect(NotificationMapping.signal(for: .action(id: "7", action: "open")) == .actionInvoked(id: 7, key: "open"))
        #expect(NotificationMapping.signal(for: .shown(id: "7")) == nil)
        #expect(NotificationMapping.signal(for: .updated(id: "7")) == nil)
        #expect(NotificationMapping.signal(for: .dismissed(id: "build", reason: .api)) == nil, "not a bus id")
        #expect(NotificationMapping.signal(for: .dismissed(id: "0", reason: .api)) == nil)
    }

    @Test("capabilities and server information, as the specification spells them")
    func information() {
        #expect(Set(["actions", "body", "body-hyperlinks", "body-markup", "icon-static", "inhibitions", "x-canonical-private-synchronous", "x-dunst-stack-tag"])
            .isSubset(of: Set(NotificationMapping.capabilities)))
        #expect(!NotificationMapping.capabilities.contains("persistence"))
        #expect(NotificationMapping.serverInformation.name == "xtoast" && NotificationMapping.serverInformation.specVersion == "1.3")
    }

    /// The protocol page holds the reasons table, the desktop page the capabilities.
    static func page(_ name: String) -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs").appendingPathComponent(name)
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
    static let protocolPage = page("protocol.md")
    static let desktopPage = page("desktop.md")

    @Test("the protocol page's table of reasons gives every reason with the code NotificationClosed sends for it")
    func readmeReasons() {
        for reason in DismissReason.allCases {
            let row = Self.protocolPage.split(separator: "\n").first { $0.hasPrefix("| `\(reason.rawValue)` |") }
            let code = row?.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).split(separator: " ").first
            #expect(code == "\(NotificationMapping.closedReason(reason))"[...], "\(reason): \(row ?? "no row")")
        }
    }

    @Test("the desktop page's capabilities are exactly what GetCapabilities answers")
    func readmeCapabilities() throws {
        let line = try #require(Self.desktopPage.range(of: "**Capabilities**: ").map { Self.desktopPage[$0.upperBound...] })
        let listed = line.prefix { $0 != "." }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(listed == NotificationMapping.capabilities.map { "`\($0)`" })
        // `sound` only while sounds can play, as the next sentence says.
        #expect(line.dropFirst(line.prefix { $0 != "." }.count).hasPrefix(". Also `sound` while a sound server"))
        #expect(NotificationMapping.capabilities(sound: true) == NotificationMapping.capabilities + ["sound"])
    }
}
