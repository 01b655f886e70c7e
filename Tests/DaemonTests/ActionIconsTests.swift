@testable import Daemon
import Testing
import ToastCore

/// `action-icons` carried out (issue 29): the service looks each action key up as a theme
/// icon when the toast arrives, and the card draws the found ones as icon buttons.
@Suite struct ActionIconsTests {
    func images(_ scene: CardScene) -> [String] {
        scene.ops.compactMap { op in if case let .image(path, _, _) = op { path } else { nil } }
    }

    @Test("a Notify with action-icons: a key found in the icon theme is drawn as its icon, a key not found keeps its label; without the hint, labels")
    func iconButtons() throws {
        let rig = Rig()
        rig.output.icons["media-playback-pause"] = "/icons/media-playback-pause-symbolic.svg"
        let server = DesktopNotifications(service: rig.service)
        let actions = ["media-playback-pause", "Pause", "no-such-icon", "Skip"]
        _ = server.notify(NotifyCall(appName: "player", summary: "Song", actions: actions, hints: ["action-icons": .bool(true)]), now: rig.now)
        rig.wait(1)
        let card = try #require(rig.surface(showing: "Song")?.surface.scene)
        #expect(images(card) == ["/icons/media-playback-pause-symbolic.svg"])
        #expect(!"\(card)".contains("\"Pause\"") && "\(card)".contains("Skip"))

        _ = server.notify(NotifyCall(appName: "player", summary: "Plain", actions: actions), now: rig.now)
        rig.wait(1)
        let plain = try #require(rig.surface(showing: "Plain")?.surface.scene)
        #expect(images(plain).isEmpty && "\(plain)".contains("Pause"))
    }
}
