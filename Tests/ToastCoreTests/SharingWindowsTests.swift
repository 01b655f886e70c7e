import ConfigParsing
import JSONCodec
import Testing
import ToastCore

/// Issue 30, "Screen sharing on X11": which windows say the screen is shared, the bounded
/// table the X layer reports into, and the quiet it holds.
@Suite struct SharingWindowsTests {
    static let utc = LocalZone { _ in 0 }

    @Test("the defaults match Firefox's and Chromium's indicators, Zoom's and Teams' toolbars, and no ordinary window")
    func defaults() {
        let d = SharingPattern.defaults
        func held(_ identity: WindowIdentity) -> Bool { d.contains { $0.matches(identity) } }
        #expect(held(WindowIdentity(instance: "Toolkit", className: "firefox", name: "Firefox — Sharing Indicator")))
        #expect(held(WindowIdentity(name: "meet.example.org is sharing your screen.")))
        #expect(held(WindowIdentity(name: "meet.example.org is sharing a window.")))
        #expect(held(WindowIdentity(instance: "zoom", className: "zoom", name: "as_toolbar")))
        #expect(held(WindowIdentity(name: "Screen sharing toolbar | Microsoft Teams")))
        #expect(!held(WindowIdentity(instance: "Navigator", className: "firefox", name: "Sharing - Mozilla Firefox")))
        #expect(!held(WindowIdentity(instance: "xterm", className: "XTerm", name: "vim notes")))
        #expect(!held(WindowIdentity()))
    }

    @Test("a pattern matches the title or either part of WM_CLASS, without case")
    func classAndCase() {
        let obs = SharingPattern("obs")
        #expect(obs.matches(WindowIdentity(instance: "obs", className: "Obs", name: "OBS 30.0 - Profile: x")))
        #expect(SharingPattern("OBS*").matches(WindowIdentity(name: "obs 30")))
        #expect(!obs.matches(WindowIdentity(instance: "obsidian", className: "obsidian")))
    }

    @Test("mapped, renamed away, unmapped, destroyed: only a mapped window whose names were read and match counts")
    func table() {
        var t = SharingWindows()
        let p = SharingPattern.defaults
        t.created(1, mapped: false)
        t.read(1, identity: WindowIdentity(name: "Firefox — Sharing Indicator"))
        #expect(t.matching(p).isEmpty)  // not mapped
        t.mapped(1)
        #expect(t.matching(p) == ["Firefox — Sharing Indicator"])
        t.renamed(1)
        #expect(t.matching(p).isEmpty)  // unread again until the X layer reads it
        #expect(t.unread(limit: 4) == [1])
        t.read(1, identity: WindowIdentity(name: "Mozilla Firefox"))
        #expect(t.matching(p).isEmpty && t.unread(limit: 4).isEmpty)
        t.renamed(1)
        t.read(1, identity: WindowIdentity(name: "Firefox — Sharing Indicator"))
        t.unmapped(1)
        #expect(t.matching(p).isEmpty)
        t.mapped(1)
        #expect(!t.matching(p).isEmpty)
        t.removed(1)
        #expect(t.matching(p).isEmpty && t.entries.isEmpty)
        t.read(1, identity: WindowIdentity(name: "x"))  // gone: not tracked again
        #expect(t.entries.isEmpty)
    }

    @Test("bounded: a fixed number of windows, of reads per turn, and names cut at 256 bytes")
    func bounds() {
        var t = SharingWindows()
        var tracked = 0
        for w in 0..<UInt(SharingWindows.capacity) where t.mapped(w) { tracked += 1 }
        #expect(tracked == SharingWindows.capacity)
        let past = t.mapped(UInt(SharingWindows.capacity))
        #expect(!past)
        #expect(t.entries.count == SharingWindows.capacity)
        #expect(t.unread(limit: 16) == Array(0..<16))
        #expect(t.unread(limit: 0).isEmpty)
        t.read(3, identity: WindowIdentity(name: String(repeating: "é", count: 1000)))
        #expect(t.entries[3]?.identity?.name?.utf8.count == SharingWindows.maxNameBytes)
        // A window manager's client list replaces the table.
        t.replace(with: [7, 9000])
        #expect(Set(t.entries.keys) == [7, 9000])
        #expect(t.entries[9000]?.mapped == true)
    }

    @Test("while a window matches, quiet holds as screen sharing: normal toasts wait, critical ones show, status names it")
    func hold() {
        var q = QuietState()
        #expect(!q.status(at: 0, zone: Self.utc).inhibited)
        q.sharing = ["Firefox — Sharing Indicator"]
        let status = q.status(at: 0, zone: Self.utc)
        #expect(status.inhibited)
        #expect(status.until == nil)
        #expect(status.gate.holds(Toast(id: "1", message: "hi", urgency: .normal)))
        #expect(!status.gate.holds(Toast(id: "2", message: "hi", urgency: .critical)))
        #expect(status.lines(zone: Self.utc) == ["Screen sharing (Firefox — Sharing Indicator)"])
        let json = JSON.object(status.json).text
        #expect(json.contains("\"by\":\"screen sharing\""), "\(json)")
        #expect(json.contains("Sharing Indicator"))
        q.sharing = []
        #expect(!q.status(at: 0, zone: Self.utc).inhibited)
    }

    @Test("config: while_window lines add to the defaults, none turns them off, at most 32; hide_content")
    func config() {
        let standard = ConfigParser.parse("", file: "t").config.quiet
        #expect(standard.sharingPatterns == SharingPattern.defaults)
        #expect(!standard.hideContent)
        let parsed = ConfigParser.parse("[quiet]\nwhile_window = obs\nwhile_window = *Jitsi*\nhide_content = yes\n", file: "t")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.config.quiet.sharingPatterns == SharingPattern.defaults + [SharingPattern("obs"), SharingPattern("*Jitsi*")])
        #expect(parsed.config.quiet.hideContent)
        let none = ConfigParser.parse("[quiet]\nwhile_window = none\nwhile_window = obs\n", file: "t").config.quiet
        #expect(none.sharingPatterns == [SharingPattern("obs")])
        let many = (0...SharingPattern.maxPatterns).map { "while_window = p\($0)\n" }.joined()
        let over = ConfigParser.parse("[quiet]\n" + many, file: "t")
        #expect(over.config.quiet.whileWindows.count == SharingPattern.maxPatterns)
        #expect(over.diagnostics.count == 1)
        #expect(ConfigParser.parse("[quiet]\nhide_content = maybe\n", file: "t").diagnostics.count == 1)
    }
}

@Suite struct HiddenContentTests {
    @Test("hide_content: while quiet holds a card keeps its title only; without quiet, or without the key, all of it")
    func titleOnly() {
        var toast = Toast(id: "1", message: "the secret", urgency: .critical)
        toast.title = "Build"
        toast.icon = "/tmp/a.png"
        toast.iconFile = "/tmp/a.png"
        toast.format = "%s %b"
        let hidden = toast.contentHidden
        #expect(hidden.title == "Build" && hidden.message.isEmpty && hidden.icon == nil && hidden.iconFile == nil && hidden.format == nil)
        #expect(hidden.hidesIcon)
        var settings = QuietSettings()
        #expect(!QuietGate.pause.hidesContent(settings))
        settings.hideContent = true
        #expect(QuietGate.pause.hidesContent(settings))
        #expect(!QuietGate.off.hidesContent(settings))
    }
}
