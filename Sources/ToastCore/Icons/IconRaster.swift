#if canImport(Glibc)
import Glibc
#endif

/// The kinds' icons as vector shapes, rasterised to anti-aliased alpha masks at any size.
///
/// Each icon is a signed distance function over the unit square (negative inside), so the
/// same source is crisp at 1x, 2x or 1.25x: coverage of a pixel is 0.5 − distance in pixels.
/// Their source is `assets/icons/icons.txt` (compiled in by `scripts/embed-icons`).
public enum IconRaster {
    /// Bytes per mask row (X images want rows padded to 4 bytes).
    public static func stride(_ size: Int) -> Int { (size + 3) & ~3 }

    /// An 8-bit coverage mask of `shape` in a `size`×`size` square. `phase` (0..<1) turns the spinner.
    public static func mask(_ shape: IconShape, size: Int, phase: Double = 0) -> [UInt8] {
        let stride = stride(size)
        var mask = [UInt8](repeating: 0, count: stride * max(0, size))
        guard size > 0 else { return mask }
        let s = Double(size)
        // Looked up once, not per pixel: the table is keyed by the shape's name, so each lookup hashes a string.
        let steps = IconSource.builtIn[shape] ?? []
        for y in 0..<size {
            for x in 0..<size {
                let p = V((Double(x) + 0.5) / s, (Double(y) + 0.5) / s)
                let d = distance(steps, p, phase: phase) * s
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

    /// Signed distance from `p` to the icon: the union of its shapes, minus the ones it cuts.
    static func distance(_ steps: [IconSource.Step], _ p: V, phase: Double) -> Double {
        var d = Double.infinity
        for step in steps {
            let e = distance(step.shape, p, phase: phase)
            d = step.cuts ? max(d, -e) : min(d, e)
        }
        return d
    }

    static func distance(_ shape: IconSource.Shape, _ p: V, phase: Double) -> Double {
        switch shape {
        case let .ring(c, r, w): return ring(p, c, r, w)
        case let .disc(c, r): return disc(p, c, r)
        case let .line(a, b, w): return segment(p, a, b, w)
        case let .outline(points, w):
            var d = Double.infinity
            for i in points.indices { d = min(d, segment(p, points[i], points[(i + 1) % points.count], w)) }
            return d
        case let .polygon(points): return convexPolygon(p, points)
        case let .arc(c, r, w, sweep): return arc(p, c, r, w, start: phase * 2 * Double.pi, sweep: sweep)
        }
    }

    // MARK: Distance primitives (unit-square coordinates, negative inside)

    struct V: Equatable, Sendable {
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
