import CX11
import CXInput2
import ToastCore

/// The connection to the X server, and what the daemon reads from it once at start.
///
/// Owns the `Display*`; closing it frees every resource the daemon created on the server.
/// The corresponding C functions are `XOpenDisplay` and `XCloseDisplay`.
final class XDisplay {
    let handle: OpaquePointer
    let screen: Int32
    let root: Window
    let name: String

    /// Opens `$DISPLAY` (or `name`); nil when no X server answers.
    init?(name: String? = nil) {
        guard let d = name.map({ XOpenDisplay($0) }) ?? XOpenDisplay(nil) else { return nil }
        handle = d
        screen = XDefaultScreen(d)
        root = XRootWindow(d, screen)
        self.name = String(cString: XDisplayString(d))
        XErrorLog.install()
        let opcode = xt_xi2_opcode(d)
        crossingsOpcode = opcode >= 0 ? opcode : nil
    }

    deinit {
        inputMethod = nil  // its context and method are closed while the connection is open
        XCloseDisplay(handle)
    }

    /// The connection's file descriptor, for `poll()`.
    var fileDescriptor: Int32 { XConnectionNumber(handle) }

    /// The root window's size: the area toasts are laid out in.
    var screenRect: Rect {
        Rect(x: 0, y: 0, width: Double(XDisplayWidth(handle, screen)), height: Double(XDisplayHeight(handle, screen)))
    }

    func flush() { XFlush(handle) }

    func nextEvent() -> XEvent {
        var event = XEvent()
        XNextEvent(handle, &event)
        return event
    }

    func atom(_ name: String, onlyIfExists: Bool = false) -> Atom {
        XInternAtom(handle, name, onlyIfExists ? 1 : 0)
    }

    /// The `_NET_WM_CM_S<screen>` selection: owned while a compositing manager runs.
    lazy var compositorSelection: Atom = atom("_NET_WM_CM_S\(screen)")

    /// The XInput extension's opcode, which marks the cards' crossings (`CardWindow`): taken as
    /// XInput 2 events, which no client can forge; nil on a server without XInput 2, where
    /// the cards ask for core crossings instead.
    let crossingsOpcode: Int32?
    /// XFixes' first event number; nil without the extension (then compositor changes go unseen).
    private(set) var fixesEventBase: Int32?
    /// XRandR's first event number, once `watchScreen` found RandR 1.5; nil without it
    /// (then the root window is the one monitor).
    var randrEventBase: Int32?
    /// Sees every event first, to know when a locker covers a monitor (LockWatch.swift).
    var lockWatch: LockWatch?
    /// Told of the XSETTINGS selection's XFixes news, which would otherwise read as the
    /// compositor's (XSettingsWatch.swift).
    var xsettingsWatch: XSettingsWatch?
    /// The reply field's paste: its `SelectionNotify` becomes `.pasted` in the input's order,
    /// so a paste followed at once by Enter sends the pasted text (PasteWatch.swift).
    var pasteWatch: PasteWatch?
    /// Sees every event before the loop (`XFilterEvent`) and reads keys into text while
    /// text is taken (InputMethod.swift).
    var inputMethod: InputMethod?
    /// A batch of events ends after a key press (`takeEvents`): while a key can start or end
    /// taking text, the loop acts on it before the next key is read (and filtered, or not, by
    /// the input method).
    var endsBatchAfterKey = false
    /// The most events Xlib's queue held since its spare nodes were last given back
    /// (`XDisplay.takeEvents`).
    var queuedPeak = 0

    /// Asks to be told when the compositor selection changes owner, so cards can switch
    /// between ARGB and XShape while running. The corresponding C function is `XFixesSelectSelectionInput`.
    func watchCompositor() {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(handle, &eventBase, &errorBase) != 0 else { return }
        fixesEventBase = eventBase
        let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask | XFixesSelectionClientCloseNotifyMask)
        XFixesSelectSelectionInput(handle, root, compositorSelection, mask)
    }

    /// Whether a compositing manager is running now.
    var hasCompositor: Bool { XGetSelectionOwner(handle, compositorSelection) != 0 }

    /// The root window's RESOURCE_MANAGER string (where `Xft.dpi` lives), if set.
    /// The corresponding C function is `XResourceManagerString`.
    var resourceManager: String? {
        XResourceManagerString(handle).map { String(cString: $0) }
    }

    /// The refresh rate of the screen's current mode from XRandR; nil when unknown.
    var refreshRate: Double? {
        guard let config = XRRGetScreenInfo(handle, root) else { return nil }
        defer { XRRFreeScreenConfigInfo(config) }
        let rate = Double(XRRConfigCurrentRate(config))
        return rate >= 20 && rate <= 500 ? rate : nil
    }

    /// Runs `body`, whose requests may fail for reasons outside the daemon (a window another
    /// client named has gone): their errors are dropped rather than logged. Ends with a round
    /// trip, so every error of `body` has arrived (and been dropped) when it returns.
    /// The corresponding C function is `XSync`.
    func quietly<R>(_ body: () -> R) -> R {
        XErrorLog.beginQuiet(handle)
        let result = body()
        XSync(handle, 0)
        XErrorLog.endQuiet(handle)
        return result
    }

    /// The X errors the server sent since the last call, oldest first, one line each
    /// ("BadWindow (invalid Window parameter) in request 12.0 on 0x2c00003"), so the daemon can
    /// log what was refused rather than losing it in the handler that keeps it alive. At most
    /// the last `XErrorLog.capacity` are described; a final line counts any older ones.
    /// The corresponding C function is `XGetErrorText`.
    func takeErrors() -> [String] { describe(takeErrorRecords()) }

    /// The errors the server sent since the last call, as the handler kept them, and how
    /// many came in all (more than were kept when the ring overflowed).
    func takeErrorRecords() -> (records: [xt_error_record], count: Int) { XErrorLog.take() }

    /// Waits until the server has handled every request sent so far, then takes its errors
    /// (for a caller that must know whether a request was refused, as a key grab is).
    /// The corresponding C function is `XSync`.
    func syncErrors() -> (records: [xt_error_record], count: Int) {
        XSync(handle, 0)
        return takeErrorRecords()
    }

    /// One line per error, and a last line counting those the ring lost.
    func describe(_ taken: (records: [xt_error_record], count: Int)) -> [String] {
        var lines = taken.records.map { r in
            var text = [CChar](repeating: 0, count: 128)
            XGetErrorText(handle, Int32(r.error_code), &text, Int32(text.count))
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let hex = String(r.resource_id, radix: 16)
            return "\(name) in request \(r.request_code).\(r.minor_code) on 0x\(hex)"
        }
        if taken.count > taken.records.count { lines.append("and \(taken.count - taken.records.count) earlier X errors") }
        return lines
    }
}
