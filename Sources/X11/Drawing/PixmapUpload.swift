import CX11

extension XDisplay {
    /// Copies client-side pixels (8-bit alpha masks, or 32-bit premultiplied BGRA) into a new
    /// pixmap of `depth`. The caller owns the pixmap. Little-endian byte order is declared, so
    /// Xlib swaps for a server that wants the other. The corresponding C functions are
    /// `XCreatePixmap`, `XCreateImage` and `XPutImage`.
    func uploadPixmap(_ pixels: [UInt8], width: Int, height: Int, depth: Int32, stride: Int) -> Pixmap {
        let pixmap = XCreatePixmap(handle, root, UInt32(width), UInt32(height), UInt32(depth))
        let gc = XCreateGC(handle, pixmap, 0, nil)
        defer { XFreeGC(handle, gc) }
        var bytes = pixels
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { data in
                guard let image = XCreateImage(handle, XDefaultVisual(handle, screen), UInt32(depth), ZPixmap, 0, data,
                                               UInt32(width), UInt32(height), 32, Int32(stride)) else { return }
                image.pointee.byte_order = LSBFirst
                XPutImage(handle, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
                image.pointee.data = nil // the bytes belong to Swift
                xt_destroy_image(image)
            }
        }
        return pixmap
    }
}
