import CX11
import ToastCore

/// A paste into the reply field, by the selection protocol and never waiting: the selection
/// is asked to convert itself to UTF-8 onto a property of the card's window
/// (`XConvertSelection`), and its `SelectionNotify` is read in the loop's event batch like any
/// other event, and arrives in the input's order (`XDisplay.decode`). One request at a time: a new one (or the field closing) forgets the last.
/// What comes is at most `ReplyField.maxBytes` (an incremental transfer, for data too big
/// for one property, is refused as too long); no owner, a refusal or something that is not
/// text pastes nothing.
final class PasteWatch {
    private let display: XDisplay
    private lazy var property = display.atom("XTOAST_PASTE")
    private lazy var utf8 = display.atom("UTF8_STRING")
    private lazy var incr = display.atom("INCR")
    /// The window the answer goes to, while a request waits.
    private var waiting: Window?
    /// The selection and time asked for: an answer to an earlier request (a paste asked again
    /// before the last one was answered) is not this one's.
    private var requested: (selection: Atom, time: UInt) = (0, 0)
    /// What arrived (empty: nothing to paste), until `report` hands it over.
    private var arrived: String?

    init(display: XDisplay) { self.display = display }

    /// Asks `selection`'s owner for its text, onto `window`. The corresponding C function is `XConvertSelection`.
    func request(_ selection: ReplySession.Selection, into window: Window, time: UInt) {
        waiting = window
        arrived = nil
        let atom = display.atom(selection.rawValue), at = time == 0 ? UInt(CurrentTime) : time
        requested = (atom, at)
        XConvertSelection(display.handle, atom, utf8, property, window, at)
    }

    /// The field closed: an answer still on its way is dropped.
    func cancel() {
        waiting = nil
        arrived = nil
    }

    /// The text that arrived since the last call, once.
    func report() -> String? {
        defer { arrived = nil }
        return arrived
    }

    /// The corresponding C functions are `XGetWindowProperty` (at most `ReplyField.maxBytes`,
    /// deleting it) and `XDeleteProperty`.
    func notice(_ event: inout XEvent) -> Bool {
        guard event.type == SelectionNotify, let window = waiting, event.xselection.requestor == window else { return false }
        // Another request's answer (or a stale one): dropped, this one still waits.
        guard event.xselection.selection == requested.selection else { return true }
        waiting = nil
        guard event.xselection.property != 0 else {
            arrived = ""  // no owner, or it would not give text
            return true
        }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Lengths are in 32-bit units: a little over the field's bound, so "too long" shows as `after`.
        let longs = ReplyField.maxBytes / 4 + 1
        let status = XGetWindowProperty(display.handle, window, property, 0, longs, 1, Atom(AnyPropertyType), &type, &format,
                                        &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == 8, type != incr, count <= UInt(ReplyField.maxBytes + 4) else {
            if type == incr { XDeleteProperty(display.handle, window, property) }
            arrived = ""
            return true
        }
        let bytes = UnsafeBufferPointer(start: data, count: Int(count))
        // Cut at a character (the field cuts to its own room again).
        arrived = ReplyField.cut(String(decoding: bytes, as: UTF8.self), to: ReplyField.maxBytes)
        return true
    }
}

/// The reply field's keyboard focus: override-redirect cards get none from the window
/// manager, so the field takes it (`XSetInputFocus` with the click's or key's time) and gives
/// it back to the window that had it when it closes.
final class ReplyFocus {
    private let display: XDisplay
    /// The window the field took the focus on, and the one that had it before.
    private var window: Window?
    private var previous: Window = 0
    private var previousRevert: Int32 = RevertToParent

    init(display: XDisplay) { self.display = display }

    /// The corresponding C functions are `XGetInputFocus`, `XSelectInput` and `XSetInputFocus`.
    func take(_ card: CardWindow, time: UInt) {
        if window == nil {
            var focus: Window = 0
            var revert: Int32 = 0
            XGetInputFocus(display.handle, &focus, &revert)
            previous = focus
            previousRevert = revert
        }
        window = card.window
        card.selectKeys(true)
        XSetInputFocus(display.handle, card.window, RevertToParent, time == 0 ? UInt(CurrentTime) : time)
    }

    /// Gives the focus back, unless the user has put it elsewhere meanwhile (it is not ours
    /// any more). A window that went in between is an X error the log takes, not a crash.
    func giveBack(_ card: CardWindow?) {
        guard let ours = window else { return }
        window = nil
        card?.selectKeys(false)
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.handle, &focus, &revert)
        guard focus == ours else { return }
        XSetInputFocus(display.handle, previous, previousRevert, UInt(CurrentTime))
    }
}
