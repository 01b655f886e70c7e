@testable import Daemon
import Testing
import ToastCore

/// Reduced motion (`[general] reduce_motion`, the desktop's `Gtk/EnableAnimations`): cards
/// appear, move up and vanish in place, fading only where a compositor can fade them.
@Suite struct ReducedMotionTests {
    static var reduced: Config {
        var config = Config()
        config.reduceMotion = .yes
        return config
    }

    @Test("without a compositor a card is simply there, in its slot, and nothing asks for frames")
    func appearsInPlace() throws {
        let rig = Rig(config: Self.reduced)
        let id = rig.show(#""message":"still","timeout":0"#)
        let card = try #require(rig.surface(showing: "still"))
        let rest = Point(x: 904, y: 16)
        // Painted in its slot (a paint places the surface too), and never anywhere else.
        #expect(card.surface.origin == rest)
        #expect(card.surface.moves.allSatisfy { $0 == rest }, "moves: \(card.surface.moves)")
        #expect(card.surface.isMapped)
        #expect(rig.service.stage.nextFrame == nil, "no animation runs")
        // A newer card takes the top slot: the first jumps below it, with nothing between.
        rig.show(#""message":"newer","timeout":0"#)
        let below = card.surface.origin
        #expect(below.y > rest.y && below.x == rest.x)
        #expect(card.surface.moves.allSatisfy { $0 == rest || $0 == below }, "moves: \(card.surface.moves)")
        #expect(rig.service.stage.nextFrame == nil)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        #expect(card.surface.isDestroyed, "gone at once, where it was")
        #expect(card.surface.moves.allSatisfy { $0 == rest || $0 == below })
    }

    @Test("under a compositor it fades in and out where it rests, never moving")
    func fadesInPlace() throws {
        let rig = Rig(config: Self.reduced) { $0.hasAlpha = true }
        let id = rig.show(#""message":"fading","timeout":0"#)
        let card = try #require(rig.surface(showing: "fading"))
        #expect(card.surface.opacity == 0)
        rig.wait(0.1)
        #expect(card.surface.opacity > 0 && card.surface.opacity < 1)
        rig.wait(0.5)
        #expect(card.surface.opacity == 1)
        rig.request(#"{"op":"dismiss","id":"\#(id)"}"#)
        rig.wait(0.1)
        #expect(!card.surface.isDestroyed && card.surface.opacity < 1)
        rig.wait(0.5)
        #expect(card.surface.isDestroyed)
        #expect(card.surface.moves.allSatisfy { $0 == Point(x: 904, y: 16) }, "moves: \(card.surface.moves)")
    }

    @Test("a swiped card vanishes where it is released instead of flying off")
    func swipeVanishes() throws {
        let rig = Rig(config: Self.reduced)
        rig.show(#""message":"swipe me","timeout":0"#)
        let card = try #require(rig.surface(showing: "swipe me"))
        rig.drag(card.id, from: Point(x: 1000, y: 40), by: Point(x: 200, y: 0), duration: 0.1)
        #expect(card.surface.isDestroyed)
        // The drag followed the pointer; nothing moved it after the release.
        let last = card.surface.moves.last
        #expect(last.map { $0.x > 904 } == true, "it followed the pointer: \(card.surface.moves)")
    }

    @Test("auto follows the desktop's Gtk/EnableAnimations while the daemon runs")
    func followsTheDesktop() {
        let rig = Rig()
        #expect(!rig.service.board.config.reducesMotion)
        rig.input(.desktopSettingsChanged(DesktopSettings(enableAnimations: false)))
        #expect(rig.service.board.config.reducesMotion)
        rig.show(#""message":"in place","timeout":0"#)
        let moves = rig.surface(showing: "in place")?.surface.moves ?? []
        #expect(!moves.isEmpty && moves.allSatisfy { $0 == Point(x: 904, y: 16) }, "moves: \(moves)")
        var config = rig.service.board.config
        config.reduceMotion = .no
        #expect(!config.reducesMotion)
    }
}
