/// How much of each pixel a rounded rectangle covers: the anti-aliasing of card corners.
///
/// Pure arithmetic, shared by the ARGB path (an alpha mask) and the XShape path
/// (coverage of at least one half means the pixel belongs to the window).
public enum RoundedRectCoverage {
    /// Coverage in 0...1 of the pixel whose top-left is (px, py) by a rect of the given size
    /// at the origin with corner radius `r`.
    public static func coverage(x px: Int, y py: Int, width: Double, height: Double, radius r: Double) -> Double {
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        let r = max(0, min(r, width / 2, height / 2))
        // Distance outside the straight edges, then the corner circle.
        let edge = min(cx, cy, width - cx, height - cy)
        if edge <= -0.5 { return 0 }
        let nearX = cx < r ? r : (cx > width - r ? width - r : cx)
        let nearY = cy < r ? r : (cy > height - r ? height - r : cy)
        if nearX != cx && nearY != cy {
            let dx = cx - nearX, dy = cy - nearY
            let d = (dx * dx + dy * dy).squareRoot()
            return max(0, min(1, r - d + 0.5))
        }
        return max(0, min(1, edge + 0.5))
    }

    /// Horizontal spans [start, end) of each row that belong to the shape (coverage ≥ 0.5),
    /// for XShape's rectangle list.
    /// `minimumCoverage` 0.5 suits a hard XShape edge; a lower one keeps every pixel the
    /// anti-aliased ARGB corner draws in.
    /// A side of 0 or less (a size computed from outside data gone wrong) has no pixels, so
    /// no spans, rather than a trap on a backwards range.
    public static func rowSpans(width: Int, height: Int, radius: Double, minimumCoverage: Double = 0.5) -> [(y: Int, start: Int, end: Int)] {
        guard width > 0, height > 0 else { return [] }
        var spans: [(y: Int, start: Int, end: Int)] = []
        spans.reserveCapacity(height)
        for y in 0..<height {
            var start = 0
            while start < width / 2,
                  coverage(x: start, y: y, width: Double(width), height: Double(height), radius: radius) < minimumCoverage {
                start += 1
            }
            spans.append((y, start, width - start))
        }
        return spans
    }

    /// An 8-bit alpha mask, row-major, `stride` bytes per row.
    /// A side of 0 or less gives an all-clear mask (empty when the height is), and columns past
    /// `stride` are left out, so no size traps.
    public static func alphaMask(width: Int, height: Int, radius: Double, stride: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: max(0, stride) * max(0, height))
        guard width > 0, height > 0 else { return mask }
        for y in 0..<height {
            for x in 0..<min(width, stride) {
                let c = coverage(x: x, y: y, width: Double(width), height: Double(height), radius: radius)
                mask[y * stride + x] = UInt8((c * 255).rounded())
            }
        }
        return mask
    }
}
