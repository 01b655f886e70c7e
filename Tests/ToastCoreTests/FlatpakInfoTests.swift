import Testing
import ToastCore

@Suite struct FlatpakInfoTests {
    static func id(_ text: String) -> String? { FlatpakInfo.applicationID(Array(text.utf8)) }

    static let real = """
        [Application]
        name=org.mozilla.firefox
        runtime=runtime/org.freedesktop.Platform/x86_64/23.08

        [Instance]
        instance-id=1234567
        app-path=/var/lib/flatpak/app/org.mozilla.firefox/x86_64/stable/abc/files
        branch=stable

        [Context]
        shared=network;ipc;
        sockets=x11;pulseaudio;
        """

    @Test func readsTheApplicationNameOfARealFile() {
        #expect(Self.id(Self.real) == "org.mozilla.firefox")
        #expect(Self.id("# made by flatpak\n\n  [Application]  \n name = org.gnome.Calendar\n") == "org.gnome.Calendar")
        #expect(Self.id("[Application]\nname=com.signal.Signal-desktop") == "com.signal.Signal-desktop")
    }

    @Test func onlyTheApplicationGroupsNameCounts() {
        #expect(Self.id("name=org.evil.App\n[Application]\nruntime=x\n") == nil)
        #expect(Self.id("[Instance]\nname=org.evil.App\n") == nil)
        #expect(Self.id("[Application]\nname[fr]=org.evil.App\nnamex=org.evil.App\n") == nil)
        #expect(Self.id("[Instance]\nname=org.evil.App\n[Application]\nname=org.good.App\n") == "org.good.App")
    }

    @Test func ambiguityIsRefused() {
        // Two names (GLib keeps the last, another reader the first), even in a repeated group.
        #expect(Self.id("[Application]\nname=org.a.App\nname=org.b.App\n") == nil)
        #expect(Self.id("[Application]\nname=org.a.App\n[Other]\n[Application]\nname=org.b.App\n") == nil)
        // Every line break but \n, anywhere in the file.
        for lineBreak in ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(Self.id("[Application]\nname=org.a.App\(lineBreak)name=org.b.App\n") == nil)
            #expect(Self.id("[Application]\(lineBreak)\nname=org.a.App\n") == nil)
            #expect(Self.id("[Application]\nname=org.a.App\n[Context]\nshared=x\(lineBreak)\n") == nil)
        }
        #expect(Self.id("[Application]\r\nname=org.a.App\r\n") == nil)
        #expect(FlatpakInfo.applicationID(Array("[Application]\nname=org.a.App\n".utf8) + [0]) == nil)
        #expect(FlatpakInfo.applicationID(Array("[Application]\nname=org.a.App\n".utf8) + [0xFF, 0xFE]) == nil)
        #expect(Self.id("[Application\nname=org.a.App\n") == nil)
        #expect(Self.id("[Application]junk\nname=org.a.App\n") == nil)
    }

    @Test func theIdMustBeADesktopID() {
        for bad in ["", "firefox", "org..firefox", ".org.firefox", "org.firefox.", "org.1firefox", "org.fire fox",
                    "org.firefox ", "org.fire\\x41fox", "org.firefox/../x", "org.fïrefox", "org.firefox;rm", "org.\u{202E}xof"] {
            #expect(Self.id("[Application]\nname=\(bad)\n") == nil, "\(bad)")
        }
        let longest = "a." + String(repeating: "b", count: 253)
        #expect(Self.id("[Application]\nname=\(longest)\n") == longest)
        #expect(Self.id("[Application]\nname=\(longest)b\n") == nil)
    }

    @Test func theSizeIsBounded() {
        let head = "[Application]\nname=org.a.App\n#"
        let atBound = head + String(repeating: "x", count: FlatpakInfo.maxBytes - head.utf8.count)
        #expect(Self.id(atBound) == "org.a.App")
        #expect(Self.id(atBound + "x") == nil)
    }
}

@Suite struct SandboxIdentityTests {
    static let firefox = SandboxIdentity(appID: "org.mozilla.firefox", pid: 4242)

    @Test func pathsAreReadInsideTheSandbox() {
        let sandbox = Self.firefox
        #expect(sandbox.root == "/proc/4242/root")
        #expect(sandbox.hostPath("/app/share/icons/a.png") == "/proc/4242/root/app/share/icons/a.png")
        #expect(sandbox.hostPath("file:///tmp/a%20b.png") == "/proc/4242/root/tmp/a b.png")
        #expect(sandbox.hostPath("mail-unread") == "mail-unread")
        #expect(sandbox.hostPath("") == "")
        // Out of the sandbox, or meaningless inside it.
        for escaping in ["/../../etc/passwd", "/app/../../../home/u/secret.png", "file:///%2E%2E/etc/passwd", "file:///..",
                         "~/x.png", "~", "icons/x.png", "file://host/x.png", "file:///x%zz", "file:///x%00"] {
            #expect(sandbox.hostPath(escaping) == nil, "\(escaping)")
        }
    }

    @Test func theVerifiedIDReplacesTheClaimAndTheNameStays() {
        let call = NotifyCall(appName: "Signal", appIcon: "/app/icon.png", summary: "Hi",
                              hints: ["desktop-entry": .string("signal-desktop"), "image-path": .string("file:///app/photo.jpg"),
                                      "sound-file": .string("/../etc/shadow"), "urgency": .byte(2)])
        let filed = call.filed(as: Self.firefox)
        #expect(filed.appName == "Signal")
        #expect(filed.hints["desktop-entry"] == .string("org.mozilla.firefox"))
        #expect(filed.hints["image-path"] == .string("/proc/4242/root/app/photo.jpg"))
        #expect(filed.hints["sound-file"] == nil)
        #expect(filed.hints["urgency"] == .byte(2))
        #expect(filed.appIcon == "/proc/4242/root/app/icon.png")
        // Without a claim, the id is added; the mapping then files it under the id.
        let decision = NotificationMapping.decide(NotifyCall(appName: "Signal", summary: "Hi").filed(as: Self.firefox))
        #expect(decision.desktopEntry == "org.mozilla.firefox" && decision.request.app == "Signal")
    }

    @Test func theCacheReadsOncePerConnectionAndHoldsItsBound() {
        var cache = SenderCache<SandboxIdentity>()
        var reads = 0
        func look(_ name: String) -> SandboxIdentity? {
            cache.identity(of: name) { reads += 1; return name == ":1.7" ? Self.firefox : nil }
        }
        #expect(look(":1.7") == Self.firefox && look(":1.7") == Self.firefox)
        #expect(look(":1.8") == nil && look(":1.8") == nil)
        #expect(reads == 2)
        cache.forget(":1.7")
        #expect(look(":1.7") == Self.firefox && reads == 3)

        for i in 0..<(SenderCache<SandboxIdentity>.maxConnections * 2) { _ = look(":2.\(i)") }
        #expect(cache.count == SenderCache<SandboxIdentity>.maxConnections)
        // The oldest went first: the newest is still known, the first of the flood is read again.
        reads = 0
        _ = look(":2.\(SenderCache<SandboxIdentity>.maxConnections * 2 - 1)")
        #expect(reads == 0)
        _ = look(":2.0")
        #expect(reads == 1 && cache.count == SenderCache<SandboxIdentity>.maxConnections)
    }
}
