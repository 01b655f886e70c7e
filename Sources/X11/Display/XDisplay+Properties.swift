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

extension XDisplay {
    /// A 32-bit property's values (cardinals, windows, atoms), at most 4096 of them; empty
    /// when it is missing or of another format. Each is what the server holds, 0 to 2³²-1:
    /// Xlib hands format-32 data over as C longs, sign-extended, so 2147483648 would read as
    /// 18446744071562067968 (and trap an `Int(...)`) unless cut back to 32 bits here.
    /// The corresponding C function is `XGetWindowProperty`.
    func cardinals(_ window: Window, _ name: String) -> [UInt] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(handle, window, atom(name), 0, 4096, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32, count <= 4096 else { return [] }
        let n = Int(count)
        return data.withMemoryRebound(to: UInt.self, capacity: n) { longs in
            (0..<n).map { UInt(UInt32(truncatingIfNeeded: longs[$0])) }
        }
    }
}

extension XDisplay {
    /// Replaces a UTF-8 text property (`_NET_WM_NAME`). The corresponding C function is `XChangeProperty`.
    func setText(_ window: Window, _ name: String, _ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(handle, window, atom(name), atom("UTF8_STRING"), 8, PropModeReplace,
                                buffer.baseAddress, Int32(clamping: bytes.count))
        }
    }
}

extension XDisplay {
    /// A text property of another client's window (`_NET_WM_NAME`), at most `limit` bytes;
    /// nil when missing or not text. The corresponding C function is `XGetWindowProperty`.
    func text(_ window: Window, _ name: String, limit: Int) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(handle, window, atom(name), 0, max(1, limit / 4), 0, Atom(AnyPropertyType),
                                 &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: min(Int(count), limit)), as: UTF8.self)
    }
}
