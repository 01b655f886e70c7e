import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 29: what real senders send, from a real client on a private bus (`gdbus`, GLib's
    /// own marshalling of `as` and strings in variants, as KDE Connect and Chromium send them).
    @Suite struct SenderHintsIntegrationTests {
        typealias F = FoundationTests

        @Test("GetCapabilities lists the x-kde hints; a Notify with x-kde-display-appname, x-kde-origin-name and x-kde-urls shows the name, the origin and the links")
        func kdeHints() throws {
            let (bus, daemon, probe) = try NotificationServerTests.start()
            let capabilities = try bus.call("GetCapabilities")
            for name in ["x-kde-origin-name", "x-kde-display-appname", "x-kde-urls"] {
                #expect(capabilities.stdout.contains("'\(name)'"), "\(capabilities.stdout)")
            }
            let hints = "{'x-kde-display-appname': <'KDE Connect'>, 'x-kde-origin-name': <'Ann’s phone'>, "
                + "'x-kde-urls': <['https://example.org/photo', 'file:///tmp/photo.jpg']>, 'urgency': <uint32 1>}"
            let sent = try bus.call("Notify", ["org.kde.kdeconnect", "0", "", "Ann", "on my way", "[]", hints, "0"])
            #expect(sent.status == 0, "\(sent.stderr)")
            _ = try F.restingCards(probe, count: 1)
            let history = try daemon.xtoast(["list"]).stdout
            #expect(history.contains(#""app":"KDE Connect""#), "\(history)")
            #expect(history.contains(#"<a href=\"https://example.org/photo\">"#), "\(history)")
            #expect(!history.contains("file:///tmp/photo.jpg"), "\(history)")
            #expect(history.contains(#""origin":"Ann’s phone""#), "\(history)")
        }
    }
}
