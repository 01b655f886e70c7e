#if canImport(Glibc)
import Glibc
#endif

/// The kinds' icons as vector shapes, rasterised to anti-aliased alpha masks at any size.
///
/// Each icon is a signed distance function over the unit square (negative inside), so the
/// same source is crisp at 1x, 2x or 1.25x: coverage of a pixel is 0.5 − distance in pixels.
/// `assets/icons.md` describes the shapes; this file is their source.
public enum IconRaster {
    /// Bytes per mask row (X images want rows padded to 4 bytes).
    public static func stride(_ size: Int) -> Int { (size + 3) & ~3 }

    /// An 8-bit coverage mask of `shape` in a `size`×`size` square. `phase` (0..<1) turns the spinner.
    public static func mask(_ shape: IconShape, size: Int, phase: Double = 0) -> [UInt8] {
        let stride = stride(size)
        var mask = [UInt8](repeating: 0, count: stride * max(0, size))
        guard size > 0 else { return mask }
        let s = Double(size)
        for y in 0..<size {
            for x in 0..<size {
                let p = V((Double(x) + 0.5) / s, (Double(y) + 0.5) / s)
                let d = distance(shape, p, phase: phase) * s
                mask[y * stride + x] = UInt8((max(0, min(1, 0.5 - d)) * 255).rounded())
            }
        }
        return mask
    }

    /// The icon for a kind, after the seeds (SF Symbols' names in brackets).
    public static func shape(for kind: Kind) -> IconShape {
        switch kind {
        case .info: .info           // info.circle
        case .success: .check       // checkmark.circle
        case .warning: .triangle    // exclamationmark.triangle
        case .error: .octagon       // exclamationmark.octagon
        case .notice: .bell         // bell
        case .debug: .ladybug       // ladybug
        case .loading: .spinner
        }
    }

    static func distance(_ shape: IconShape, _ p: V, phase: Double) -> Double {
        let stroke = 0.085
        switch shape {
        case .info:
            return min(ring(p, V(0.5, 0.5), 0.42, stroke),
                       disc(p, V(0.5, 0.30), 0.06),
                       segment(p, V(0.5, 0.45), V(0.5, 0.72), stroke * 1.1))
        case .check:
            return min(ring(p, V(0.5, 0.5), 0.42, stroke),
                       segment(p, V(0.30, 0.52), V(0.44, 0.66), stroke * 1.1),
                       segment(p, V(0.44, 0.66), V(0.71, 0.37), stroke * 1.1))
        case .triangle:
            let a = V(0.5, 0.10), b = V(0.93, 0.86), c = V(0.07, 0.86)
            return min(segment(p, a, b, stroke), segment(p, b, c, stroke), segment(p, c, a, stroke),
                       segment(p, V(0.5, 0.38), V(0.5, 0.60), stroke * 1.1), disc(p, V(0.5, 0.73), 0.055))
        case .octagon:
            let corners = (0..<8).map { i -> V in
                let angle = (Double(i) + 0.5) * Double.pi / 4
                return V(0.5 + 0.44 * cos(angle), 0.5 + 0.44 * sin(angle))
            }
            var d = Double.infinity
            for i in 0..<8 { d = min(d, segment(p, corners[i], corners[(i + 1) % 8], stroke)) }
            return min(d, segment(p, V(0.5, 0.28), V(0.5, 0.56), stroke * 1.1), disc(p, V(0.5, 0.71), 0.055))
        case .bell:
            let dome = max(disc(p, V(0.5, 0.46), 0.27), p.y - 0.46)
            let skirt = convexPolygon(p, [V(0.23, 0.46), V(0.77, 0.46), V(0.84, 0.74), V(0.16, 0.74)])
            let body = min(dome, skirt)
            return min(body, segment(p, V(0.13, 0.75), V(0.87, 0.75), 0.06),
                       max(disc(p, V(0.5, 0.80), 0.09), 0.80 - p.y), disc(p, V(0.5, 0.17), 0.055))
        case .ladybug:
            let shell = disc(p, V(0.5, 0.58), 0.31)
            let cut = min(segment(p, V(0.5, 0.30), V(0.5, 0.92), 0.045),
                          disc(p, V(0.37, 0.52), 0.06), disc(p, V(0.63, 0.52), 0.06),
                          disc(p, V(0.38, 0.72), 0.055), disc(p, V(0.62, 0.72), 0.055))
            let head = disc(p, V(0.5, 0.25), 0.13)
            let antennae = min(segment(p, V(0.44, 0.16), V(0.33, 0.06), 0.05), segment(p, V(0.56, 0.16), V(0.67, 0.06), 0.05))
            let legs = min(segment(p, V(0.2, 0.5), V(0.08, 0.44), 0.05), segment(p, V(0.8, 0.5), V(0.92, 0.44), 0.05),
                           segment(p, V(0.21, 0.72), V(0.08, 0.78), 0.05), segment(p, V(0.79, 0.72), V(0.92, 0.78), 0.05))
            return min(max(shell, -cut), head, antennae, legs)
        case .spinner:
            return arc(p, V(0.5, 0.5), 0.38, stroke * 1.2, start: phase * 2 * Double.pi, sweep: 1.5 * Double.pi)
        case .close:
            return min(segment(p, V(0.28, 0.28), V(0.72, 0.72), stroke), segment(p, V(0.72, 0.28), V(0.28, 0.72), stroke))
        }
    }

    // MARK: Distance primitives (unit-square coordinates, negative inside)

    struct V {
        var x: Double, y: Double
        init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
        static func - (a: V, b: V) -> V { V(a.x - b.x, a.y - b.y) }
        static func + (a: V, b: V) -> V { V(a.x + b.x, a.y + b.y) }
        static func * (a: V, k: Double) -> V { V(a.x * k, a.y * k) }
        func dot(_ b: V) -> Double { x * b.x + y * b.y }
        var length: Double { dot(self).squareRoot() }
    }

    static func disc(_ p: V, _ c: V, _ r: Double) -> Double { (p - c).length - r }

    static func ring(_ p: V, _ c: V, _ r: Double, _ width: Double) -> Double { abs((p - c).length - r) - width / 2 }

    /// A stroke of the given width along a segment, with round caps.
    static func segment(_ p: V, _ a: V, _ b: V, _ width: Double) -> Double {
        let pa = p - a, ba = b - a
        let t = max(0, min(1, pa.dot(ba) / ba.dot(ba)))
        return (pa - ba * t).length - width / 2
    }

    /// A stroke along part of a circle, with round caps; angles in radians, clockwise on screen.
    static func arc(_ p: V, _ c: V, _ r: Double, _ width: Double, start: Double, sweep: Double) -> Double {
        let q = p - c
        var angle = atan2(q.y, q.x) - start
        angle = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if angle < 0 { angle += 2 * Double.pi }
        if angle <= sweep { return abs(q.length - r) - width / 2 }
        let end = start + sweep
        let capA = c + V(cos(start), sin(start)) * r, capB = c + V(cos(end), sin(end)) * r
        return min((p - capA).length, (p - capB).length) - width / 2
    }

    /// Signed distance to a convex polygon given clockwise or anticlockwise.
    static func convexPolygon(_ p: V, _ points: [V]) -> Double {
        var outside = -Double.infinity
        var edgeDistance = Double.infinity
        let n = points.count
        let area = (0..<n).reduce(0.0) { acc, i in
            let a = points[i], b = points[(i + 1) % n]
            return acc + (a.x * b.y - b.x * a.y)
        }
        let orientation: Double = area > 0 ? 1 : -1
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            let e = b - a
            let normal = V(e.y, -e.x) * (orientation / e.length)
            outside = max(outside, (p - a).dot(normal))
            edgeDistance = min(edgeDistance, segment(p, a, b, 0))
        }
        return outside > 0 ? edgeDistance : outside
    }
}
