import CX11
import ToastCore

/// Which window the user is looking at and who owns it, for `[general] focused_app`: the
/// root's `_NET_ACTIVE_WINDOW`, followed from its `PropertyNotify` (selected on the root by
/// `watchScreen`), never polled; then, once per change, the window's and its transient
/// parents' `_NET_WM_PID`, `_GTK_APPLICATION_ID` and `WM_CLASS` (`ActiveWindow`).
///
/// Every value is another client's to set: window ids are range-checked, the parents'
/// chain stops at `ActiveWindow.maxParents` and at a loop, ids are cut at
/// `ActiveWindow.maxIDBytes`, and a window that has gone fails quietly (`XDisplay.quietly`).
/// A window manager that names the same window again changes nothing. The corresponding C
/// function is `XGetWindowProperty`.
final class ActiveWindowWatch: XEventWatcher {
    private unowned let display: XDisplay
    private let activeAtom: Atom
    /// `_NET_ACTIVE_WINDOW` changed (or was never read).
    private var stale = true
    /// The window last reported; nil before the first report.
    private var reported: UInt?

    init(display: XDisplay) {
        self.display = display
        activeAtom = display.atom("_NET_ACTIVE_WINDOW")
    }

    func notice(_ event: inout XEvent) -> Bool {
        if event.type == PropertyNotify, event.xproperty.window == display.root, event.xproperty.atom == activeAtom { stale = true }
        return false
    }

    /// The active window, when it is another than the one last reported; nil otherwise. Asks
    /// the server only after a change and once the input has drained (`mayAsk`), as
    /// `SharingWatch` does: behind a flood the read waits for the flood's pause.
    func report(mayAsk: Bool) -> ActiveWindow? {
        guard stale, mayAsk else { return nil }
        stale = false
        let now = display.quietly { read() }
        guard now.window != reported else { return nil }
        reported = now.window
        return now
    }

    private func read() -> ActiveWindow {
        guard let window = display.cardinals(display.root, "_NET_ACTIVE_WINDOW").first.flatMap(Self.validWindow) else {
            return ActiveWindow()
        }
        var chain = [window]
        while chain.count <= ActiveWindow.maxParents,
              let parent = display.cardinals(chain[chain.count - 1], "WM_TRANSIENT_FOR").first.flatMap(Self.validWindow),
              parent != display.root, !chain.contains(parent) {
            chain.append(parent)
        }
        var active = ActiveWindow(window: UInt(window))
        for window in chain {
            if let pid = display.cardinals(window, "_NET_WM_PID").first, pid > 0, pid <= UInt(Int32.max) {
                active.pids.append(Int32(pid))
            }
            if let id = display.text(window, "_GTK_APPLICATION_ID", limit: ActiveWindow.maxIDBytes), !id.isEmpty {
                active.appIDs.append(id)
            }
            // Instance and class, each ended by a NUL.
            if let names = display.text(window, "WM_CLASS", limit: 2 * ActiveWindow.maxIDBytes) {
                active.appIDs += names.split(separator: "\0").prefix(2).map { String($0.prefix(ActiveWindow.maxIDBytes)) }
            }
        }
        return active
    }

    /// An X resource id has its top three bits clear; 0 is None.
    private static func validWindow(_ value: UInt) -> Window? {
        value != 0 && value <= 0x1FFF_FFFF ? Window(value) : nil
    }
}
