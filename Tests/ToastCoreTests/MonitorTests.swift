import Testing
import ToastCore

/// Picking a monitor, and the work area panels leave on each.
@Suite struct MonitorSelectionTests {
    let monitors = [
        Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1920, height: 1080)),
        Monitor(name: "RIGHT", frame: Rect(x: 1920, y: 0, width: 1280, height: 1024), isPrimary: true),
    ]

    @Test("a name, primary or a number picks that monitor; an unknown one follows the rule, with a warning")
    func choices() {
        #expect(MonitorSelection.choose(.named("LEFT"), in: monitors, follow: .none, pointer: nil, focus: nil).index == 0)
        #expect(MonitorSelection.choose(.primary, in: monitors, follow: .mouse, pointer: Point(x: 5, y: 5), focus: nil).index == 1)
        #expect(MonitorSelection.choose(.index(0), in: monitors, follow: .none, pointer: nil, focus: nil).index == 0)
        let unknown = MonitorSelection.choose(.index(7), in: monitors, follow: .none, pointer: nil, focus: nil)
        #expect(unknown.index == 1 && unknown.warning?.contains("no monitor \"7\"") == true)
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .none, pointer: nil, focus: nil).warning == nil)
    }

    @Test("follow = mouse takes the pointer's monitor; keyboard the focused window's, else the pointer's, else the primary")
    func follow() {
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .mouse, pointer: Point(x: 100, y: 100), focus: nil).index == 0)
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .keyboard, pointer: Point(x: 2000, y: 10),
                                        focus: Point(x: 10, y: 10)).index == 0)
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .keyboard, pointer: Point(x: 100, y: 10), focus: nil).index == 0)
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .keyboard, pointer: nil, focus: nil).index == 1)
        // The pointer below the smaller monitor is on none: the primary one.
        #expect(MonitorSelection.choose(nil, in: monitors, follow: .mouse, pointer: Point(x: 2500, y: 1050), focus: nil).index == 1)
    }

    @Test("--monitor names parse: primary, numbers, names up to 64 bytes")
    func parsing() {
        #expect(MonitorChoice(parsing: "primary") == .primary)
        #expect(MonitorChoice(parsing: "2") == .index(2))
        #expect(MonitorChoice(parsing: "HDMI-1") == .named("HDMI-1"))
        #expect(MonitorChoice(parsing: "-1") == .named("-1"))
        #expect(MonitorChoice(parsing: "") == nil)
        #expect(MonitorChoice(parsing: String(repeating: "x", count: 65)) == nil)
    }
}

@Suite struct WorkAreaTests {
    let screen = Size(width: 3200, height: 1080)
    let frames = [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1280, height: 1024)]

    @Test("a top panel on the left monitor only moves that monitor's area")
    func strutOnOneMonitor() {
        let panel = Strut.parse([0, 0, 40, 0, 0, 0, 0, 0, 0, 1919, 0, 0], screen: screen)
        #expect(panel == [Strut(edge: .top, size: 40, start: 0, end: 1919)])
        let areas = WorkArea.areas(frames: frames, screen: screen, struts: panel, workarea: nil)
        #expect(areas[0] == Rect(x: 0, y: 40, width: 1920, height: 1040))
        #expect(areas[1] == frames[1])
    }

    @Test("a bottom dock reserves from the screen's bottom edge: it reaches the taller monitor only")
    func bottomStrut() {
        let dock = [Strut(edge: .bottom, size: 30, start: 0, end: 3199)]
        let areas = WorkArea.areas(frames: frames, screen: screen, struts: dock, workarea: nil)
        #expect(areas[0] == Rect(x: 0, y: 0, width: 1920, height: 1050))
        #expect(areas[1] == frames[1], "the smaller monitor ends at 1024, above the dock")
    }

    @Test("without struts, _NET_WORKAREA is intersected with each monitor; a bogus one is ignored")
    func workarea() {
        let areas = WorkArea.areas(frames: frames, screen: screen, struts: [], workarea: Rect(x: 0, y: 40, width: 3200, height: 1040))
        #expect(areas[0].y == 40 && areas[1].y == 40)
        let bogus = WorkArea.areas(frames: frames, screen: screen, struts: [], workarea: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(bogus == frames)
    }

    @Test("_NET_WM_STRUT (4 values) reserves whole edges; other lengths and huge values are handled")
    func parsing() {
        #expect(Strut.parse([0, 24, 0, 0], screen: screen) == [Strut(edge: .right, size: 24, start: 0, end: 1080)])
        #expect(Strut.parse([1, 2, 3], screen: screen).isEmpty)
        #expect(Strut.parse([UInt.max, 0, 0, 0], screen: screen).first?.size == Double(1 << 20))
    }

    @Test("_NET_WORKAREA's rectangle for _NET_CURRENT_DESKTOP; a desktop it does not list (2147483648, 2³²-1) takes the first")
    func desktopArea() {
        let two: [UInt] = [0, 40, 1280, 760, 0, 0, 1280, 770]
        #expect(WorkArea.desktopArea(two, current: 1) == Rect(x: 0, y: 0, width: 1280, height: 770))
        #expect(WorkArea.desktopArea(two, current: nil) == Rect(x: 0, y: 40, width: 1280, height: 760))
        for bogus: UInt in [2, 2_147_483_648, 4_294_967_295, UInt.max, UInt.max / 4] {
            #expect(WorkArea.desktopArea(two, current: bogus) == Rect(x: 0, y: 40, width: 1280, height: 760), "\(bogus)")
        }
        #expect(WorkArea.desktopArea([0, 40, 1280], current: 0) == nil)
        #expect(WorkArea.desktopArea([], current: UInt.max) == nil)
        #expect(WorkArea.desktopArea([0, 0, 0, 760], current: 0) == nil, "an empty rectangle is none")
        #expect(WorkArea.desktopArea([UInt.max, UInt.max, UInt.max, UInt.max], current: 0)?.width == Double(1 << 20))
    }
}
