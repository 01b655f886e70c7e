import Testing
@testable import ToastCore

/// What real senders send (issue 29): KDE's hints and the older spellings, each read by
/// `NotificationMapping.decide` as Plasma reads it.
@Suite struct SenderHintsTests {
    @Test("x-kde-origin-name is a line under the title (sanitised, one line, at most 128 characters); the capability is advertised")
    func origin() {
        let decided = NotificationMapping.decide(NotifyCall(appName: "Chromium", summary: "Standup in 5 min",
                                                            hints: ["x-kde-origin-name": .string("meet.google.com\n\u{202E}x")]))
        #expect(decided.request.origin == "meet.google.com x")
        #expect(NotificationMapping.decide(NotifyCall(hints: ["x-kde-origin-name": .string(String(repeating: "a", count: 500))]))
            .request.origin?.count == 128)
        #expect(NotificationMapping.decide(NotifyCall(hints: ["x-kde-origin-name": .string("")])).request.origin == nil)
        #expect(NotificationMapping.capabilities.contains("x-kde-origin-name"))
        var board = Board()
        let id = board.show(decided.request, owner: Owner(.bus, 1), now: 0)
        #expect(board.toast(id)?.origin == "meet.google.com x")
    }

    @Test("x-kde-display-appname names the app over app_name; empty, app_name stays")
    func displayName() {
        #expect(NotificationMapping.decide(NotifyCall(appName: "org.kde.kdeconnect", hints: ["x-kde-display-appname": .string("KDE Connect")]))
            .request.app == "KDE Connect")
        #expect(NotificationMapping.decide(NotifyCall(appName: "mail", hints: ["x-kde-display-appname": .string("")])).request.app == "mail")
    }

    @Test("x-kde-urls: the first 4 http, https or mailto URLs are links after the body, escaped; others are left out with a note")
    func urls() {
        let decided = NotificationMapping.decide(NotifyCall(body: "Shared", hints: ["x-kde-urls": .strings([
            "https://example.org/a?b=1&c=\"2\"", "file:///home/ann/shot.png", "mailto:ann@example.org"])]))
        #expect(decided.request.message == "Shared\n<a href=\"https://example.org/a?b=1&amp;c=&quot;2&quot;\">https://example.org/a?b=1&amp;c=&quot;2&quot;</a>"
                + "\n<a href=\"mailto:ann@example.org\">mailto:ann@example.org</a>")
        #expect(decided.notes.contains { $0.contains("1 of x-kde-urls not shown") })
        let many = NotificationMapping.decide(NotifyCall(hints: ["x-kde-urls": .strings((0..<10).map { "https://e.org/\($0)" })]))
        #expect(many.request.message.components(separatedBy: "<a href").count - 1 == 4)
        #expect(NotificationMapping.decide(NotifyCall(hints: ["x-kde-urls": .string("https://e.org")])).request.message == "",
                "a string where an array belongs is no URL list")
    }

    @Test("the old spellings: image_data and image_path as image-data and image-path, icon_data last; urgency as u or i; resident and transient")
    func oldSpellingsAndFlags() {
        let pixels = RawImage(width: 1, height: 1, rowstride: 3, hasAlpha: false, bitsPerSample: 8, channels: 3, bytes: [1, 2, 3])
        #expect(NotificationMapping.decide(NotifyCall(appIcon: "mail", hints: ["image_data": .image(pixels)])).image == pixels)
        #expect(NotificationMapping.decide(NotifyCall(appIcon: "mail", hints: ["image_path": .string("/p.png")])).request.icon == "/p.png")
        #expect(NotificationMapping.decide(NotifyCall(hints: ["urgency": .int(2)])).request.urgency == .critical, "Chromium's uint32")
        #expect(NotificationMapping.decide(NotifyCall(hints: ["urgency": .int(0)])).request.urgency == .low)
        #expect(NotificationMapping.decide(NotifyCall(hints: ["resident": .bool(true)])).request.resident)
        #expect(NotificationMapping.decide(NotifyCall(hints: ["transient": .byte(1)])).transient)
    }
}
