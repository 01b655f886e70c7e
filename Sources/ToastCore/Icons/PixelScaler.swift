/// Resizes 8-bit, 4-channel pixels in software, once per icon and size, so the renderer can
/// composite the result 1:1: sharper than XRender's transform filters and no server work per paint.
///
/// Shrinking averages every source pixel under each target pixel (an area filter, no aliasing
/// however large the source); enlarging interpolates bilinearly. Channels are treated alike, so
/// the pixels must be premultiplied by alpha first (`premultiply`): averaging straight colour
/// would bleed the colour of transparent pixels into the edges.
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

    /// `pixels` (`width`×`height`, 4 bytes each, rows packed) resized to `newWidth`×`newHeight`.
    public static func resize(_ pixels: [UInt8], width: Int, height: Int, toWidth newWidth: Int, toHeight newHeight: Int) -> [UInt8] {
        precondition(pixels.count >= width * height * 4 && width > 0 && height > 0 && newWidth > 0 && newHeight > 0)
        if width == newWidth && height == newHeight { return Array(pixels.prefix(width * height * 4)) }
        // Rows first (width changes), then columns; each pass is a weighted sum of source pixels.
        let columns = taps(from: width, to: newWidth)
        var wide = [Float](repeating: 0, count: newWidth * height * 4)
        for y in 0..<height {
            for (x, tap) in columns.enumerated() {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, w) in tap.weights.enumerated() {
                    let s = (y * width + tap.first + k) * 4
                    sum.0 += Float(pixels[s]) * w; sum.1 += Float(pixels[s + 1]) * w
                    sum.2 += Float(pixels[s + 2]) * w; sum.3 += Float(pixels[s + 3]) * w
                }
                let d = (y * newWidth + x) * 4
                wide[d] = sum.0; wide[d + 1] = sum.1; wide[d + 2] = sum.2; wide[d + 3] = sum.3
            }
        }
        let rows = taps(from: height, to: newHeight)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (y, tap) in rows.enumerated() {
            for x in 0..<newWidth {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, w) in tap.weights.enumerated() {
                    let s = ((tap.first + k) * newWidth + x) * 4
                    sum.0 += wide[s] * w; sum.1 += wide[s + 1] * w; sum.2 += wide[s + 2] * w; sum.3 += wide[s + 3] * w
                }
                let d = (y * newWidth + x) * 4
                // Colour never exceeds alpha in premultiplied pixels; rounding must not break that.
                let a = byte(sum.3)
                out[d] = min(byte(sum.0), a); out[d + 1] = min(byte(sum.1), a); out[d + 2] = min(byte(sum.2), a)
                out[d + 3] = a
            }
        }
        return out
    }

    /// Which source pixels make one target pixel, and how much each counts (weights sum to 1).
    struct Tap: Equatable {
        var first: Int
        var weights: [Float]
    }

    /// The taps for resampling a row of `source` pixels to `target` pixels.
    static func taps(from source: Int, to target: Int) -> [Tap] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { i in
            if target < source {
                // Area: the target pixel covers source span [start, end); edge pixels count by overlap.
                let start = Double(i) * ratio, end = Double(i + 1) * ratio
                let first = Int(start), last = min(source - 1, Int((end - 1e-9).rounded(.down)))
                let weights = (first...last).map { j in
                    Float((min(end, Double(j + 1)) - max(start, Double(j))) / ratio)
                }
                return Tap(first: first, weights: weights)
            }
            // Bilinear: the two source pixels around the target pixel's centre, clamped at the edges.
            let centre = min(max((Double(i) + 0.5) * ratio - 0.5, 0), Double(source - 1))
            let first = min(Int(centre), source - 1)
            let f = Float(centre - Double(first))
            return first + 1 < source && f > 0 ? Tap(first: first, weights: [1 - f, f]) : Tap(first: first, weights: [1])
        }
    }

    private static func byte(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
}
