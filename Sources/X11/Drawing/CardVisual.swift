import CX11

/// The visual every card window is created with, chosen once.
///
/// With a compositor: a 32-bit ARGB visual, so corners can be truly transparent and
/// anti-aliased. Without one: the screen's default visual, and XShape cuts the corners.
/// The corresponding C functions are `XMatchVisualInfo` and `XRenderFindVisualFormat`.
final class CardVisual {
    let display: XDisplay
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let colormap: Colormap
    /// The XRender format of `visual`; nil on a server whose RENDER extension has none for it
    /// (then `Painter` draws blank cards rather than the daemon crashing).
    let format: UnsafeMutablePointer<XRenderPictFormat>?
    /// True for the ARGB visual: windows are composited with their alpha.
    let hasAlpha: Bool
    private let ownsColormap: Bool

    init(display: XDisplay, argb: Bool) {
        self.display = display
        let d = display.handle
        var info = XVisualInfo()
        if argb, XMatchVisualInfo(d, display.screen, 32, TrueColor, &info) != 0, let argbVisual = info.visual,
           let format = XRenderFindVisualFormat(d, argbVisual), format.pointee.direct.alphaMask != 0 {
            visual = argbVisual
            depth = 32
            colormap = XCreateColormap(d, display.root, info.visual, AllocNone)
            self.format = format
            hasAlpha = true
            ownsColormap = true
        } else {
            // Never NULL: the screen's root visual, filled in when the connection opened.
            visual = XDefaultVisual(d, display.screen)
            depth = XDefaultDepth(d, display.screen)
            colormap = XDefaultColormap(d, display.screen)
            format = XRenderFindVisualFormat(d, visual)
            hasAlpha = false
            ownsColormap = false
        }
    }

    deinit { if ownsColormap { XFreeColormap(display.handle, colormap) } }
}
