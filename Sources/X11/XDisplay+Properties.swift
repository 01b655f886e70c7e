import CX11

extension XDisplay {
    /// Replaces a 32-bit property (atoms, cardinals) on `window`. Xlib takes format-32 data
    /// as C longs, whatever their width. The corresponding C function is `XChangeProperty`.
    func setProperty(_ window: Window, _ name: String, type: Atom, _ values: [UInt]) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(handle, window, atom(name), type, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
}
