import CX11
import ToastCore

/// Follows the desktop's XSETTINGS (`DesktopSettings`): the owner of `_XSETTINGS_S<screen>`
/// and its `_XSETTINGS_SETTINGS` property. The property is read at start, again at each
/// `PropertyNotify` of it on the owner's window, and when the selection changes hands: the
/// `MANAGER` client message a new owner sends to the root (the specification's way) or
/// XFixes' selection news (which also tells when the owner went). Nothing here polls.
///
/// The blob is another program's: it is read with a bound (`XSettings.maxBytes`) and parsed
/// by ToastCore's bounds-checked parser; a malformed one reads as no settings.
final class XSettingsWatch: XEventWatcher {
    private let display: XDisplay
    private let selection: Atom
    private let property: Atom
    private let manager: Atom
    /// The owner's window whose property changes are followed (0: none).
    private var owner: Window = 0
    /// What the desktop said at the last read.
    private(set) var settings = DesktopSettings()
    /// Something changed since `report` last looked.
    private var due = false

    /// The corresponding C function is `XFixesSelectSelectionInput`.
    init(display: XDisplay) {
        self.display = display
        selection = display.atom("_XSETTINGS_S\(display.screen)")
        property = display.atom("_XSETTINGS_SETTINGS")
        manager = display.atom("MANAGER")
        if display.fixesEventBase != nil {
            let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask | XFixesSelectionClientCloseNotifyMask)
            XFixesSelectSelectionInput(display.handle, display.root, selection, mask)
        }
        settings = read()
    }

    /// Whether an XFixes selection event is about the XSETTINGS selection (not the
    /// compositor's): the decoder asks before it reports a compositor change.
    func isOwnSelection(_ event: inout XEvent) -> Bool {
        withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee.selection == selection }
        }
    }

    /// The selection changed hands (XFixes): read again.
    func ownerChanged() { due = true }

    func notice(_ event: inout XEvent) -> Bool {
        switch event.type {
        case PropertyNotify:
            guard owner != 0, event.xproperty.window == owner, event.xproperty.atom == property else { return false }
            due = true
            return true
        case ClientMessage:
            let m = event.xclient
            guard m.window == display.root, m.message_type == manager, m.format == 32,
                  Atom(truncatingIfNeeded: m.data.l.1) == selection else { return false }
            due = true
            return true
        default:
            return false
        }
    }

    /// The settings once per batch in which something changed, if they differ from before.
    func report() -> DesktopSettings? {
        guard due else { return nil }
        due = false
        let fresh = read()
        guard fresh != settings else { return nil }
        settings = fresh
        return fresh
    }

    /// Finds the owner (following its property changes) and reads its blob.
    /// The corresponding C functions are `XGetSelectionOwner` and `XGetWindowProperty`.
    private func read() -> DesktopSettings {
        let current = XGetSelectionOwner(display.handle, selection)
        if current != owner {
            owner = current
            if current != 0 { _ = display.addEventMask(current, PropertyChangeMask) }
        }
        guard owner != 0 else {
            var none = DesktopSettings()
            none.noManager = true
            return none
        }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display.handle, owner, property, 0, XSettings.maxBytes / 4, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        guard status == Success, let data else { return DesktopSettings() }
        defer { XFree(data) }
        guard format == 8, count <= UInt(XSettings.maxBytes) else { return DesktopSettings() }
        return DesktopSettings(xsettings: Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }
}
