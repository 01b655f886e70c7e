import CX11

/// One opened Xft font. The corresponding C functions are `XftFontOpenPattern` and `XftFontClose`.
public final class Font {
    let display: XDisplay
    let handle: UnsafeMutablePointer<XftFont>

    init?(display: XDisplay, pattern: OpaquePointer) {
        guard let f = XftFontOpenPattern(display.handle, pattern) else { return nil }
        self.display = display
        handle = f
    }

    init?(display: XDisplay, family: String, pixelSize: Double, bold: Bool, italic: Bool) {
        guard let f = xt_font_open(display.handle, display.screen, family, pixelSize,
                                   bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR,
                                   italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN) else { return nil }
        self.display = display
        handle = f
    }

    deinit { XftFontClose(display.handle, handle) }

    public var ascent: Double { Double(handle.pointee.ascent) }
    public var descent: Double { Double(handle.pointee.descent) }
    public var height: Double { Double(handle.pointee.ascent + handle.pointee.descent) }

    public func has(_ scalar: Unicode.Scalar) -> Bool { XftCharExists(display.handle, handle, scalar.value) != 0 }

    /// The advance width of `text` in pixels. The corresponding C function is `XftTextExtentsUtf8`.
    public func width(of text: String) -> Double {
        var extents = XGlyphInfo()
        var text = text
        text.withUTF8 { buffer in
            XftTextExtentsUtf8(display.handle, handle, buffer.baseAddress, Int32(buffer.count), &extents)
        }
        return Double(extents.xOff)
    }

    /// The file the font came from, to tell fallbacks apart.
    var file: String {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(handle.pointee.pattern, FC_FILE, 0, &value) == FcResultMatch, let value else { return "" }
        return String(cString: value)
    }
}
