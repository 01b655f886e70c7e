/// The pixel arithmetic icons need around gdk-pixbuf (which decodes and scales them): the size
/// an image takes in a square, and premultiplied alpha, which XRender's ARGB32 pictures expect.
public enum PixelScaler {
    /// Multiplies each pixel's three colour channels by its alpha (byte 3 of each pixel).
    public static func premultiply(_ pixels: inout [UInt8]) {
        for i in stride(from: 0, to: pixels.count - 3, by: 4) {
            let a = UInt32(pixels[i + 3])
            guard a != 255 else { continue }
            for c in 0..<3 { pixels[i + c] = UInt8((UInt32(pixels[i + c]) * a + 127) / 255) }
        }
    }

    /// The largest size with the image's aspect ratio that fits in a `box`×`box` square (at least 1×1).
    public static func fitted(width: Int, height: Int, in box: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box > 0 else { return (max(1, box), max(1, box)) }
        if width >= height {
            return (box, max(1, Int((Double(height) * Double(box) / Double(width)).rounded())))
        }
        return (max(1, Int((Double(width) * Double(box) / Double(height)).rounded())), box)
    }
}
