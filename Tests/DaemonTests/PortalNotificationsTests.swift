@testable import Daemon
#if canImport(Glibc)
import Glibc
#endif
import Bus
import Foundation
import Testing
import ToastCore

/// The portal backend's decisions without the bus (issue 47 item 3): display hints, who may
/// replace or withdraw, what an inline reply sends back, and the spool its memfds become files in.
@Suite struct PortalNotificationsTests {
    static func added(_ portal: PortalNotifications, _ rig: Rig, appID: String = "org.xtoast.Chat", id: String = "n1",
                      _ options: [String: PortalValue]) {
        _ = portal.add(PortalNotification.decode(appID: appID, id: id, options), now: rig.now, wallNow: rig.wallNow)
    }

    static func portalToasts(_ rig: Rig) -> [Toast] {
        rig.service.board.liveToasts.filter { rig.service.board.owner(of: $0.id) == PortalNotifications.owner }
    }

    @Test("hide-on-lock-screen: arriving while locked it is never shown, not after unlocking either, and it is in history; unlocked it shows")
    func hideOnLockScreen() {
        let rig = Rig()
        let portal = PortalNotifications(service: rig.service, readDesktopEntry: { _ in nil }, runForUser: { _, _ in }, spool: nil)
        Self.added(portal, rig, id: "open", ["title": .string("Shown when unlocked"), "display-hint": .strings(["hide-on-lock-screen"])])
        rig.wait(1)
        #expect(rig.surface(showing: "Shown when unlocked") != nil)
        rig.input(.lockChanged(["screen"]))
        Self.added(portal, rig, id: "secret", ["title": .string("Not on the lock screen"), "display-hint": .strings(["hide-on-lock-screen"])])
        #expect(!Self.portalToasts(rig).contains { $0.title == "Not on the lock screen" })
        #expect(rig.service.board.history.contains { $0.toast.title == "Not on the lock screen" })
        rig.input(.lockChanged([]))
        rig.wait(1)
        #expect(rig.surface(showing: "Not on the lock screen") == nil)
    }

    @Test("persistent: a toast without buttons stays open in the centre when its card times out (kept, not ended); a plain one ends")
    func persistentIsKept() throws {
        let rig = Rig()
        let portal = PortalNotifications(service: rig.service, readDesktopEntry: { _ in nil }, runForUser: { _, _ in }, spool: nil)
        Self.added(portal, rig, id: "call", ["title": .string("Ongoing call"), "display-hint": .strings(["persistent"])])
        Self.added(portal, rig, id: "plain", ["title": .string("Plain")])
        let ids = Dictionary(uniqueKeysWithValues: Self.portalToasts(rig).map { ($0.title, $0.id) })
        rig.wait(60)
        #expect(rig.service.board.kept(try #require(ids["Ongoing call"])) != nil, "kept open in the centre")
        #expect(rig.service.board.kept(try #require(ids["Plain"])) == nil)
        #expect(rig.service.board.history.contains { $0.toast.title == "Plain" })
    }

    @Test("another application's RemoveNotification and AddNotification of the same id leave the first one's toast as it is")
    func applicationsAreApart() {
        let rig = Rig()
        let portal = PortalNotifications(service: rig.service, readDesktopEntry: { _ in nil }, runForUser: { _, _ in }, spool: nil)
        Self.added(portal, rig, ["title": .string("Ann's")])
        Self.added(portal, rig, appID: "org.xtoast.Other", ["title": .string("Other's")])
        portal.remove(appID: "org.xtoast.Other", id: "n1", now: rig.now)
        #expect(Self.portalToasts(rig).map(\.title) == ["Ann's"])
        portal.remove(appID: "org.xtoast.Chat", id: "n1", now: rig.now)
        #expect(Self.portalToasts(rig).isEmpty)
    }

    @Test("an inline reply (im.reply-with-text) goes back as its button's action with the text; a button as its action; other events as nothing")
    func replyAndButtons() throws {
        let rig = Rig()
        let portal = PortalNotifications(service: rig.service, readDesktopEntry: { _ in nil }, runForUser: { _, _ in }, spool: nil)
        Self.added(portal, rig, ["title": .string("Ann"), "buttons": .dicts([
            ["label": .string("Reply"), "action": .string("reply"), "purpose": .string("im.reply-with-text")],
            ["label": .string("Mark read"), "action": .string("app.mark-read"), "target": .typed(.uint32(7))],
        ])])
        let toast = try #require(Self.portalToasts(rig).first)
        let reply = portal.invocation(for: BoardChanges.Delivery(event: .replied(id: toast.id, text: "on my way"),
                                                                 recipients: [PortalNotifications.owner]))
        #expect(reply == PortalInvocation(appID: "org.xtoast.Chat", id: "n1", action: PortalAction(name: "reply", target: nil),
                                          response: "on my way"))
        let button = portal.invocation(for: BoardChanges.Delivery(event: .action(id: toast.id, action: "app.mark-read"),
                                                                  recipients: [PortalNotifications.owner]))
        #expect(button?.action == PortalAction(name: "app.mark-read", target: .typed(.uint32(7))) && button?.response == nil)
        #expect(portal.invocation(for: BoardChanges.Delivery(event: .shown(id: toast.id), recipients: [PortalNotifications.owner])) == nil)
    }

    @Test("an icon's and a sound's memfd bytes become files in the spool: the card's image and the sound played")
    func mediaBecomeFiles() throws {
        let runtime = NSTemporaryDirectory() + "xtoast-spool-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let spool = try #require(MediaSpool(runtimeDir: runtime))
        let player = RecordingPlayer()
        let rig = Rig(sound: player)
        let portal = PortalNotifications(service: rig.service, readDesktopEntry: { _ in nil }, runForUser: { _, _ in }, spool: spool)
        Self.added(portal, rig, ["title": .string("Ring"), "icon": .tuple([.string("file-descriptor"), .bytes([1, 2, 3])]),
                                 "sound": .tuple([.string("file-descriptor"), .bytes([4, 5])])])
        let toast = try #require(Self.portalToasts(rig).first)
        let image = try #require(toast.icon)
        #expect(image.hasPrefix(spool.folder + "/"), "\(toast)")
        #expect(FileManager.default.contents(atPath: image) == Data([1, 2, 3]))
        guard case let .file(sound)? = player.played.first else { Issue.record("no sound file played: \(player.played)"); return }
        #expect(sound.hasPrefix(spool.folder + "/") && FileManager.default.contents(atPath: sound) == Data([4, 5]))
    }

    @Test("the media spool keeps its newest 64 files, each new, private and of its own naming, and empties itself at start")
    func spoolBound() throws {
        let runtime = NSTemporaryDirectory() + "xtoast-spool-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let spool = try #require(MediaSpool(runtimeDir: runtime))
        var paths: [String] = []
        for i in 0...MediaSpool.maxFiles {
            guard case let .success(path) = spool.keep([UInt8(i % 256)], kind: "icon") else { Issue.record("not kept"); return }
            paths.append(path)
        }
        #expect(!FileManager.default.fileExists(atPath: paths[0]), "the oldest goes past the bound")
        #expect(paths.dropFirst().allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.folder).count == MediaSpool.maxFiles)
        let mode = try FileManager.default.attributesOfItem(atPath: spool.folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        _ = try #require(MediaSpool(runtimeDir: runtime))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.folder).isEmpty, "a new daemon starts empty")
    }
}
