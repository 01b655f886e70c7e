import CX11
import ToastCore

/// The keys the daemon holds on the root window (`[keys]`), and the keyboard while focus
/// mode has it.
///
/// A bound key is grabbed four times, with and without Caps Lock and Num Lock, so neither
/// changes what it does. A key another client holds is refused with `BadAccess`: each key's
/// grabs are checked with one round trip (`XSync`), made only when the set of held keys
/// changes (at start, on a reload, when the first card comes and the last goes).
/// The corresponding C functions are `XGrabKey`, `XUngrabKey`, `XGrabKeyboard`.
final class KeyGrabs {
    private let display: XDisplay
    /// What is held now: each action's chord, the key's code and its modifier bits.
    private var held: [KeyAction: (chord: KeyChord, code: UInt32, mask: UInt32)] = [:]
    /// Whether focus mode holds the keyboard (and the pointer's presses off the cards).
    private(set) var holdsKeyboard = false

    init(display: XDisplay) { self.display = display }

    /// Holds exactly `keys`; one line per key that could not be held, for the log.
    func grab(_ keys: [KeyAction: KeyChord]) -> [String] {
        var problems: [String] = []
        let releasesAll = keys.isEmpty && !held.isEmpty
        for (action, grab) in held where keys[action] != grab.chord {
            for lock in lockCombinations { XUngrabKey(display.handle, Int32(grab.code), grab.mask | lock, display.root) }
            held[action] = nil
        }
        // Letting go of every key (a hand-over, a shutdown) waits until the server has done it,
        // so the daemon taking over finds the keys free. The corresponding C function is `XSync`.
        if releasesAll { XSync(display.handle, 0) }
        for (action, chord) in keys.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where held[action] == nil {
            let what = "keys.\(action.rawValue) = \(chord)"
            let keysym = chord.key.withCString { XStringToKeysym($0) }
            guard keysym != 0 else {
                problems.append("\(what): X knows no key named \"\(chord.key)\" (xev prints the names)")
                continue
            }
            let code = UInt32(XKeysymToKeycode(display.handle, keysym))
            guard code != 0 else {
                problems.append("\(what): no key on this keyboard makes \"\(chord.key)\"")
                continue
            }
            let mask = Self.mask(chord.modifiers)
            for lock in lockCombinations {
                XGrabKey(display.handle, Int32(code), mask | lock, display.root, 0, GrabModeAsync, GrabModeAsync)
            }
            let taken = display.syncErrors()
            let refused = taken.records.contains { Self.isRefusedGrab($0) }
            let others = taken.records.filter { !(Self.isRefusedGrab($0)) }
            problems += display.describe((others, others.count + max(0, taken.count - taken.records.count)))
            if refused {
                // Whatever combinations were granted go too: half a key would act only with Caps Lock on.
                for lock in lockCombinations { XUngrabKey(display.handle, Int32(code), mask | lock, display.root) }
                problems.append("\(what): another program holds this key; not grabbed")
                continue
            }
            held[action] = (chord, code, mask)
        }
        return problems
    }

    /// X's request number for GrabKey (Xproto.h's `X_GrabKey`, not included by Xlib.h).
    private static let grabKeyRequest: UInt8 = 33

    private static func isRefusedGrab(_ r: xt_error_record) -> Bool {
        r.error_code == UInt8(BadAccess) && r.request_code == grabKeyRequest
    }

    /// The bound action a press with this code and these modifiers is, if any.
    func action(code: UInt32, modifiers: KeyModifiers) -> KeyAction? {
        held.first { $0.value.code == code && $0.value.chord.modifiers == modifiers }?.key
    }

    /// Takes the keyboard, and the pointer's presses wherever they land (the cards still get
    /// theirs as usual), for focus mode.
    func grabKeyboard() -> Bool {
        let result = XGrabKeyboard(display.handle, display.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        guard result == GrabSuccess else { return false }
        holdsKeyboard = true
        grabPointerForFocus()
        return true
    }

    func ungrabKeyboard() {
        guard holdsKeyboard else { return }
        holdsKeyboard = false
        XUngrabKeyboard(display.handle, UInt(CurrentTime))
        XUngrabPointer(display.handle, UInt(CurrentTime))
    }

    /// With `owner_events`, presses on the daemon's own windows go to them as always;
    /// presses anywhere else come to the root window, and end focus mode (that click is
    /// the daemon's, not the window's under it). Refused while another client holds the
    /// pointer: focus mode then ends only by key or time.
    func grabPointerForFocus() {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)
        XGrabPointer(display.handle, display.root, 1, mask, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
    }

    /// Lock bits to grab each key with: none, Caps Lock, Num Lock, both.
    private var lockCombinations: [UInt32] {
        let num = display.numLockMask
        return [0, UInt32(LockMask), num, UInt32(LockMask) | num].reduce(into: [UInt32]()) { if !$0.contains($1) { $0.append($1) } }
    }

    static func mask(_ modifiers: KeyModifiers) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) { mask |= UInt32(ShiftMask) }
        if modifiers.contains(.control) { mask |= UInt32(ControlMask) }
        if modifiers.contains(.alt) { mask |= UInt32(Mod1Mask) }
        if modifiers.contains(.super) { mask |= UInt32(Mod4Mask) }
        return mask
    }

    static func modifiers(_ state: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.insert(.super) }
        return modifiers
    }
}

extension XDisplay {
    /// The modifier bit Num Lock sets (Mod2 on most layouts), read from the modifier map;
    /// 0 when no key makes Num_Lock. The corresponding C function is `XGetModifierMapping`.
    var numLockMask: UInt32 {
        guard let map = XGetModifierMapping(handle) else { return 0 }
        defer { XFreeModifiermap(map) }
        let numLock = XKeysymToKeycode(handle, KeySym(XK_Num_Lock))
        guard numLock != 0 else { return 0 }
        let perModifier = Int(map.pointee.max_keypermod)
        guard perModifier > 0, let codes = map.pointee.modifiermap else { return 0 }
        for modifier in 0..<8 {
            for i in 0..<perModifier where codes[modifier * perModifier + i] == numLock { return UInt32(1) << UInt32(modifier) }
        }
        return 0
    }
}
