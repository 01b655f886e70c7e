import CX11
import Foundation

/// The keyboard, as a user (XTest) or another program (a key grab of its own) uses it.
extension XProbe {
    /// Presses and releases `chord` (`ctrl+space`, `Down`, `2`) through XTest: the modifiers
    /// down first, up last.
    func key(_ chord: String) {
        let names = chord.split(separator: "+").map { part -> String in
            switch part.lowercased() {
            case "ctrl": "Control_L"
            case "shift": "Shift_L"
            case "alt": "Alt_L"
            case "super": "Super_L"
            default: String(part)
            }
        }
        let codes = names.map { name in UInt32(XKeysymToKeycode(display, name.withCString { XStringToKeysym($0) })) }
        for code in codes { XTestFakeKeyEvent(display, code, 1, 0) }
        for code in codes.reversed() { XTestFakeKeyEvent(display, code, 0, 0) }
        XSync(display, 0)
    }

    /// Grabs `key` with `modifiers` (Xlib's mask bits) on the root window as another program
    /// would; false when the server refuses it (`BadAccess`: someone else holds it).
    func grabKey(_ key: String, modifiers: UInt32) -> Bool {
        XSync(display, 0)
        let before = ProbeErrors.badAccess
        let code = Int32(XKeysymToKeycode(display, key.withCString { XStringToKeysym($0) }))
        XGrabKey(display, code, modifiers, root, 0, GrabModeAsync, GrabModeAsync)
        XSync(display, 0)
        return ProbeErrors.badAccess == before
    }

    func ungrabKey(_ key: String, modifiers: UInt32) {
        XUngrabKey(display, Int32(XKeysymToKeycode(display, key.withCString { XStringToKeysym($0) })), modifiers, root)
        XSync(display, 0)
    }

    /// Whether the keyboard is free: the probe can take it (and gives it back at once).
    func keyboardIsFree() -> Bool {
        let result = XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        XUngrabKeyboard(display, UInt(CurrentTime))
        XSync(display, 0)
        return result == GrabSuccess
    }
}
