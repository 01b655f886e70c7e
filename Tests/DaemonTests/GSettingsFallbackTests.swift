@testable import Daemon
import Testing
import ToastCore
import Transport

/// Issue 31: what GSettings said (`gsettings get`, read in child processes) speaks for the
/// desktop only while no XSETTINGS manager runs, and a read that turns nothing restyles nothing.
@Suite struct GSettingsFallbackTests {
    @Test("without an XSETTINGS manager GSettings' enable-animations false reduces motion; with one, XSETTINGS win")
    func onlyWithoutManager() {
        let rig = Rig()
        var none = DesktopSettings()
        none.noManager = true
        rig.input(.desktopSettingsChanged(none))
        rig.service.gsettingsRead(DesktopSettings(enableAnimations: false), now: rig.now)
        #expect(rig.service.board.config.reducesMotion)
        // A settings daemon appears and says animations are on: it wins.
        rig.input(.desktopSettingsChanged(DesktopSettings(enableAnimations: true)))
        #expect(!rig.service.board.config.reducesMotion)
        rig.service.gsettingsRead(DesktopSettings(enableAnimations: false), now: rig.now)
        #expect(!rig.service.board.config.reducesMotion)
    }

    @Test("issue 44: a GSettings read that ends while the screen is read (inside takeInput) is taken in, and the turn goes on")
    func readEndsWhileTheScreenIsRead() {
        let rig = Rig()
        var none = DesktopSettings()
        none.noManager = true
        rig.output.whileReading = { [unowned rig] in
            rig.output.whileReading = nil
            rig.service.gsettingsRead(DesktopSettings(enableAnimations: false), now: rig.now)
        }
        rig.output.input = [.desktopSettingsChanged(none)]
        rig.service.takeTurn(budget: TurnBudget(clock: { rig.now }), now: { rig.now })
        #expect(rig.service.board.config.reducesMotion)
        #expect(!rig.service.hasInputWaiting)
    }

    @Test("a GSettings read that says what the defaults say leaves the open centre open")
    func sameSettingsKeepTheCentre() {
        let rig = Rig()
        var none = DesktopSettings()
        none.noManager = true
        rig.input(.desktopSettingsChanged(none))
        rig.openCenter()
        #expect(rig.service.center.isOpen)
        rig.service.gsettingsRead(DesktopSettings(enableAnimations: true, themeName: "Adwaita", cursorBlink: true, cursorBlinkTime: 1200),
                                  now: rig.now)
        #expect(rig.service.center.isOpen, "nothing the cards follow changed")
        rig.service.gsettingsRead(DesktopSettings(enableAnimations: false), now: rig.now)
        #expect(rig.service.board.config.reducesMotion)
    }
}
