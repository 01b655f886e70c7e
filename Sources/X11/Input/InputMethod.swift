import CX11
import ToastCore
import Transport

/// The X input method (XIM): key presses turned into the text the user means, so an IBus or
/// Fcitx user types Chinese, Japanese or Korean, and dead keys and compose sequences
/// (`XCOMPOSEFILE`, `~/.XCompose`) work. Everything it hands on is ToastCore's: a
/// `KeyStroke` whose `text` is what was committed (read as a `KeyPress` by whoever takes
/// the text: the centre's filter, a reply field), so nothing above this layer sees Xlib.
///
/// One input context, made when an input method is opened, takes text only while someone
/// asks for it (`focus(on:caret:)`, `unfocus()`; X11Output does while a caret is placed on a
/// surface that has the keyboard): other keys, and bound keys grabbed on the root window, are
/// never filtered, so an input method's mode or a half-typed sequence cannot eat a shortcut.
///
/// Which input method: `XMODIFIERS` (`@im=ibus`, `@im=fcitx`), through `XSetLocaleModifiers("")`.
/// When it names none, or its server does not run, Xlib's own (local) method is used, which
/// does compose sequences; an input method started later is picked up when its server
/// announces itself (`XRegisterIMInstantiateCallback`), and one that goes away is let go of
/// through its destroy callback (`XNDestroyCallback`), back to the local one. Without any
/// (no UTF-8 locale, no locale support in Xlib) keys are read as before, with `XLookupString`.
///
/// The protocol runs over the display's own connection: its messages are X events, which
/// every event passes `filter(_:)` for, so they flow with the loop, and keys are handed to
/// the server without waiting (IBus and Fcitx answer asynchronously). Opening a server's
/// method (`XOpenIM`, also inside the instantiate callback's registration and check) and
/// making the context (`XCreateIC`) wait for the server's answers inside Xlib, without a
/// timeout: so a server is opened only after it has answered a question asked without
/// waiting (`probe`), and the callback is registered only while no server holds the
/// selection. One that stops answering after that (SIGSTOP) stalls the daemon while it is
/// asked something, as it stalls every X client using it (docs/trust.md, Limits).
///
/// The corresponding C functions are `XOpenIM`, `XCreateIC`, `XFilterEvent`,
/// `Xutf8LookupString`, `XSetICFocus` and `XUnsetICFocus`.
final class InputMethod {
    /// Which method text comes through, for the log and tests.
    enum Kind: Equatable, CustomStringConvertible {
        /// No method (Xlib has no locale support, or even its own method failed).
        case none
        /// Xlib's own: compose sequences and dead keys, no server.
        case local
        /// A server's (IBus, Fcitx), named by `XMODIFIERS`.
        case server(String)

        var description: String {
            switch self {
            case .none: "none"
            case .local: "Xlib's own (compose sequences)"
            case let .server(name): name.isEmpty ? "a server" : name
            }
        }
    }

    /// The largest text one key commits, in UTF-8 bytes: a long conversion is some hundred
    /// bytes; an input method sending more loses that commit (logged), not the daemon.
    static let maxCommitBytes = 16 * 1024
    /// The buffer tried first: any key, and most commits, fit.
    static let firstBuffer = 64

    /// The display's connection (not the `XDisplay`, which holds this and closes the
    /// connection only after letting go of it).
    private let handle: OpaquePointer
    /// A window of our own, never mapped, the context's client window: the windows that take
    /// text (the centre's panel, a card) come and go, the context stays.
    private let clientWindow: Window
    private var im: XIM?
    private var ic: XIC?
    private(set) var kind: Kind = .none
    /// The context's style: over-the-spot (`XIMPreeditPosition`) when the method offers it.
    private(set) var overTheSpot = false
    private var fontSet: XFontSet?
    /// The window taking text now; nil while nobody is.
    private(set) var focusWindow: Window?
    private var caret = Point(x: 0, y: 0)
    /// Whether the process's character type is UTF-8 and Xlib supports it: XIM needs both.
    private let localeReady: Bool
    private var waitingForServer = false
    /// No key has reached the window taking text since `focus(on:)`. Xlib notes that a key a
    /// server handed back (one it did not use) is due, and lets the next key that passes its
    /// filter through unread, taking it for that one. A handed-back key that arrives after
    /// the field closed (Enter's release, when it was forwarded before the press came back)
    /// passes no filter, so the note stays, and the next field's first key went by unread
    /// (IBus typed "nいほん" for "にほん"). Nothing was forwarded since the focus, so
    /// nothing can be due: a first key passed by is given to the filter once more.
    private var firstKeySinceFocus = false
    /// Set by Xlib's callbacks (called from inside `XFilterEvent`), acted on after it returns.
    fileprivate var serverAppeared = false
    fileprivate var serverGone = false
    /// Lines for the log (a method lost, a context refused, a commit too long).
    private var problems: [String] = []
    /// Lines for the log that are news, not problems (which method text comes through).
    private(set) var news: [String] = []

    init(display: XDisplay) {
        self.handle = display.handle
        clientWindow = XCreateSimpleWindow(display.handle, display.root, -1, -1, 1, 1, 0, 0, 0)
        localeReady = xt_use_utf8_ctype() != 0
        guard localeReady else {
            problems.append("input method: no UTF-8 locale that Xlib supports; keys are read without one")
            return
        }
        openServer()
    }

    deinit {
        if waitingForServer { unregisterInstantiate() }
        close()
        if let fontSet { XFreeFontSet(handle, fontSet) }
        XDestroyWindow(handle, clientWindow)
    }

    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Opens the server `XMODIFIERS` names (`@im=ibus`) once it has answered (`probed`):
    /// `XOpenIM` would wait for ever on a server that holds its selection but does not answer.
    /// Until then, and when no server is named, Xlib's own method serves, opened only while
    /// text is taken (`openLocal`).
    private func openServer(probed: Bool = false) {
        _ = XSetLocaleModifiers("")
        let named = Self.modifierName
        guard !named.isEmpty, named != "none", named != "local" else { return }
        if probed, let method = XOpenIM(handle, nil, nil, nil) {
            adopt(method, as: .server(named))
            return
        }
        // Registering the instantiate callback makes Xlib open the server at once, to see
        // (imInsClbk.c), which waits as long as `XOpenIM`: it is registered only while no
        // server holds the selection; one that holds it is probed.
        let selection = XInternAtom(handle, "@server=" + named, 0)
        if XGetSelectionOwner(handle, selection) != 0 {
            if !probed { probe(selection, name: named) }
        } else if !waitingForServer {
            waitingForServer = XRegisterIMInstantiateCallback(handle, nil, nil, nil, instantiated,
                                                              context.assumingMemoryBound(to: CChar.self)) != 0
            news.append("input method: waiting for \(named) to start; Xlib's own meanwhile")
        }
    }

    /// Xlib's own method (compose sequences, dead keys), for text taken while no server's is
    /// open. Closed again when the text is (`unfocus`): its compose table is some 400 KiB
    /// that an idle daemon would keep all session; reading it again takes a few milliseconds.
    private func openLocal() {
        guard im == nil, localeReady else { return }
        _ = XSetLocaleModifiers("@im=none")
        if let local = XOpenIM(handle, nil, nil, nil) {
            adopt(local, as: .local)
        } else if !localFailed {
            localFailed = true
            problems.append("input method: Xlib's own did not open; keys are read without one")
        }
        _ = XSetLocaleModifiers("")
    }
    private var localFailed = false
    private var localAnnounced = false

    /// The selection a server holds (`@server=NAME`) and the question asked of it.
    private var probing: Atom?
    private lazy var probeProperty = XInternAtom(handle, "_XTOAST_XIM_PROBE", 0)

    /// Asks the server holding `selection` what Xlib's `XOpenIM` asks first (its `LOCALES`),
    /// without waiting: the answer comes as an event (`filter`), and only then is the server
    /// opened. A server that never answers is never opened; Xlib's own serves meanwhile.
    private func probe(_ selection: Atom, name: String) {
        guard probing == nil else { return }
        probing = selection
        XConvertSelection(handle, selection, XInternAtom(handle, "LOCALES", 0), probeProperty, clientWindow, UInt(CurrentTime))
        news.append("input method: asked \(name) whether it answers")
    }

    /// The server answered the probe (its `SelectionNotify` to our window): open it now.
    private func answered(_ event: XSelectionEvent) {
        guard let selection = probing, event.selection == selection else { return }
        probing = nil
        if event.property != 0 { XDeleteProperty(handle, clientWindow, event.property) }
        reopen()
    }

    /// `XMODIFIERS`'s `@im=` name ("ibus"), for the log.
    private static var modifierName: String {
        guard let modifiers = Environment.get("XMODIFIERS"),
              let im = modifiers.split(separator: "@").first(where: { $0.hasPrefix("im=") }) else { return "" }
        return String(im.dropFirst(3).prefix(64))
    }

    private func adopt(_ method: XIM, as kind: Kind) {
        im = method
        self.kind = kind
        if case .server = kind {
            probing = nil
            _ = xt_im_set_destroy_callback(method, destroyed, context.assumingMemoryBound(to: CChar.self))
            if waitingForServer { unregisterInstantiate() }
        }
        makeContext(method)
        if kind == .local && localAnnounced { return }
        if kind == .local { localAnnounced = true }
        news.append("input method: \(kind)\(ic == nil ? ", but it made no input context" : overTheSpot ? ", over the spot" : "")")
    }

    /// Over-the-spot when offered (the method draws its preedit at the caret), else one the
    /// method draws nothing of in our windows (`XIMPreeditNothing`), else none at all.
    private func makeContext(_ method: XIM) {
        let position = XIMStyle(XIMPreeditPosition | XIMStatusNothing)
        let nothing = XIMStyle(XIMPreeditNothing | XIMStatusNothing)
        let none = XIMStyle(XIMPreeditNone | XIMStatusNone)
        var styles: [XIMStyle] = []
        if xt_im_offers_style(method, position) != 0 {
            if fontSet == nil { fontSet = xt_create_preedit_fontset(handle) }
            if fontSet != nil { styles.append(position) }
        }
        styles += [nothing, none].filter { xt_im_offers_style(method, $0) != 0 }
        for style in styles {
            let (x, y) = Self.spot(caret)
            if let made = xt_create_ic(method, style, clientWindow, x, y, fontSet) {
                ic = made
                overTheSpot = style == position
                return
            }
        }
        ic = nil
        overTheSpot = false
    }

    private func close() {
        if let ic { XDestroyIC(ic) }
        if let im { XCloseIM(im) }
        ic = nil
        im = nil
    }

    private func unregisterInstantiate() {
        _ = XSetLocaleModifiers("")
        XUnregisterIMInstantiateCallback(handle, nil, nil, nil, instantiated, context.assumingMemoryBound(to: CChar.self))
        waitingForServer = false
    }

    /// The preedit's spot in 16-bit window coordinates (the caret comes from a layout).
    private static func spot(_ p: Point) -> (Int16, Int16) {
        func clamp(_ v: Double) -> Int16 { v.isFinite ? Int16(max(-32768, min(32767, v.rounded()))) : 0 }
        return (clamp(p.x), clamp(p.y))
    }

    // MARK: Taking text

    /// Text typed from now on goes to `window` (which holds the keyboard: a grab, or the
    /// input focus), with the preedit drawn at `caret` (window coordinates, the caret's
    /// baseline) when the method draws it over the spot.
    func focus(on window: Window, caret: Point) {
        focusWindow = window
        self.caret = caret
        if im == nil { openLocal() }
        guard let ic else { return }
        xt_ic_set_focus_window(ic, window)
        // The method may want more than KeyPress (key releases), on the window taking text.
        let wanted = xt_ic_filter_events(ic)
        if wanted != 0 {
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(handle, window, &attributes) != 0,
               attributes.your_event_mask & wanted != wanted {
                XSelectInput(handle, window, attributes.your_event_mask | wanted)
            }
        }
        if overTheSpot { let (x, y) = Self.spot(caret); xt_ic_set_spot(ic, x, y) }
        XSetICFocus(ic)
        firstKeySinceFocus = true
    }

    /// The caret moved (the text grew): the preedit follows it.
    func moveCaret(to point: Point) {
        guard point != caret else { return }
        caret = point
        guard let ic, overTheSpot, focusWindow != nil else { return }
        let (x, y) = Self.spot(point)
        xt_ic_set_spot(ic, x, y)
    }

    /// Nobody takes text now. The context is not reset (`XmbResetIC` waits for a server's
    /// answer, and keys it still has to hand back would be lost): a server ends its own
    /// conversion on focus out, as it does when any window loses the focus.
    func unfocus() {
        guard focusWindow != nil else { return }
        focusWindow = nil
        if let ic {
            XUnsetICFocus(ic)
            xt_ic_set_focus_window(ic, clientWindow)
        }
        if kind == .local {
            close()
            kind = .none
        }
    }

    var isTakingText: Bool { focusWindow != nil }

    // MARK: Events

    /// Gives `event` to the method first (every event: its own protocol's messages are
    /// events too). True when the method took it: the loop must not act on it.
    /// The corresponding C function is `XFilterEvent`.
    func filter(_ event: inout XEvent) -> Bool {
        if event.type == SelectionNotify, event.xselection.requestor == clientWindow {
            answered(event.xselection)
            return true
        }
        var taken = XFilterEvent(&event, 0) != 0
        if firstKeySinceFocus, event.type == KeyPress || event.type == KeyRelease, event.xkey.window == focusWindow {
            firstKeySinceFocus = false
            // See `firstKeySinceFocus`: the first call only cleared Xlib's stale note.
            if !taken, case .server = kind { taken = XFilterEvent(&event, 0) != 0 }
        }
        if serverGone { serverGone = false; lost() }
        if serverAppeared { serverAppeared = false; reopen() }
        return taken
    }

    /// The server's method is gone (its destroy callback): its handles are already freed by
    /// Xlib, so they are only forgotten; Xlib's own takes over until a server comes again.
    private func lost() {
        let held = focusWindow
        focusWindow = nil
        ic = nil
        im = nil
        problems.append("input method: \(kind) went away; compose sequences still work, waiting for it to come back")
        kind = .none
        openServer()
        if let held { focus(on: held, caret: caret) }
    }

    /// A server announced itself (the instantiate callback, after Xlib opened it once to see)
    /// or answered the probe: it replaces Xlib's own.
    private func reopen() {
        if case .server = kind { return }
        let held = focusWindow
        unfocus()
        openServer(probed: true)
        if let held { focus(on: held, caret: caret) }
    }

    /// A key press as the loop reads it: the key's name (its keysym without Shift, as `xev`
    /// prints it; for a key the method made up to carry a commit, the commit's keysym or
    /// none) and the text it commits. Nil for a press that means nothing (no keysym, no text).
    /// While text is taken the method's lookup (`Xutf8LookupString`) says what was typed,
    /// else the keyboard's plain one (`XLookupString`).
    func keyStroke(_ key: inout XKeyEvent) -> KeyStroke? {
        let modifiers = KeyGrabs.modifiers(key.state)
        let unshifted = key.keycode == 0 ? 0 : XLookupKeysym(&key, 0)
        guard focusWindow != nil, let ic else {
            guard unshifted != 0, let name = XKeysymToString(unshifted) else { return nil }
            var buffer = [CChar](repeating: 0, count: 32)
            let count = XLookupString(&key, &buffer, Int32(buffer.count - 1), nil, nil)
            let bytes = buffer.prefix(Int(max(0, min(count, 31)))).map { UInt8(bitPattern: $0) }
            return KeyStroke(key: String(cString: name), modifiers: modifiers, code: key.keycode,
                             text: String(decoding: bytes, as: UTF8.self), serverTime: key.time)
        }
        let (keysym, text) = lookUp(ic, &key)
        let named = unshifted != 0 ? unshifted : keysym
        let name = named == 0 ? "" : XKeysymToString(named).map { String(cString: $0) } ?? ""
        guard !name.isEmpty || !text.isEmpty else { return nil }
        return KeyStroke(key: name, modifiers: modifiers, code: key.keycode, text: text, serverTime: key.time)
    }

    /// `Xutf8LookupString`, again with a buffer of the size it asks for when the first was too
    /// small (`XBufferOverflow`), up to `maxCommitBytes`.
    private func lookUp(_ ic: XIC, _ key: inout XKeyEvent) -> (keysym: KeySym, text: String) {
        var capacity = Self.firstBuffer
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: capacity)
            var keysym: KeySym = 0
            var status: Int32 = 0
            let count = Int(Xutf8LookupString(ic, &key, &buffer, Int32(capacity), &keysym, &status))
            switch status {
            case XBufferOverflow:
                guard count > capacity, count <= Self.maxCommitBytes else {
                    problems.append("input method: a commit of \(count) bytes was dropped (at most \(Self.maxCommitBytes))")
                    return (0, "")
                }
                capacity = count
            case XLookupChars, XLookupBoth:
                let bytes = buffer.prefix(max(0, min(count, capacity))).map { UInt8(bitPattern: $0) }
                return (status == XLookupBoth ? keysym : 0, String(decoding: bytes, as: UTF8.self))
            case XLookupKeySym:
                return (keysym, "")
            default:
                return (0, "")
            }
        }
        return (0, "")
    }

    /// What happened since the last call (which method text comes through, one lost, a
    /// commit dropped), one line each, for the log.
    func takeLines() -> [String] {
        defer { news.removeAll(); problems.removeAll() }
        return news + problems
    }

    fileprivate static func from(_ pointer: XPointer?) -> InputMethod? {
        pointer.map { Unmanaged<InputMethod>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// Xlib's instantiate callback: a server for `XMODIFIERS`'s method announced itself. Called
/// from inside `XFilterEvent`, so it only marks it.
private let instantiated: XIDProc = { _, client, _ in
    InputMethod.from(client)?.serverAppeared = true
}

/// Xlib's destroy callback: the server's method is gone, and its handles with it.
private let destroyed: XIMProc = { _, client, _ in
    InputMethod.from(client)?.serverGone = true
}
