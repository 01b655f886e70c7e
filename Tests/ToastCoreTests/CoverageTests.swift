import Testing
import ToastCore

private func coverage(_ x: Int, _ y: Int, width: Double = 100, height: Double = 40, radius: Double = 10) -> Double {
    RoundedRectCoverage.coverage(x: x, y: y, width: width, height: height, radius: radius)
}

/// The mask's value at (x, y).
private func at(_ mask: [UInt8], size: Int, _ x: Int, _ y: Int) -> UInt8 { mask[y * IconRaster.stride(size) + x] }

/// Total coverage of a mask as a fraction of its area (0...1).
private func coverageFraction(_ mask: [UInt8], size: Int) -> Double {
    var sum = 0.0
    for y in 0..<size {
        for x in 0..<size { sum += Double(at(mask, size: size, x, y)) / 255 }
    }
    return sum / Double(size * size)
}

/// The largest difference between a mask and its mirror image (left-right).
private func asymmetry(_ mask: [UInt8], size: Int) -> Int {
    var worst = 0
    for y in 0..<size {
        for x in 0..<size {
            worst = max(worst, abs(Int(at(mask, size: size, x, y)) - Int(at(mask, size: size, size - 1 - x, y))))
        }
    }
    return worst
}

@Suite struct CoverageTests {
    @Test func cornersAreTransparent() {
        #expect(coverage(0, 0) == 0)
        #expect(coverage(99, 0) == 0)
        #expect(coverage(0, 39) == 0)
        #expect(coverage(99, 39) == 0)
        #expect(coverage(1, 1) == 0)
    }

    @Test func centreAndStraightEdgesAreOpaque() {
        #expect(coverage(50, 20) == 1)
        #expect(coverage(50, 0) == 1)     // top edge, away from the corners
        #expect(coverage(0, 20) == 1)     // left edge
        #expect(coverage(99, 20) == 1)
        #expect(coverage(50, 39) == 1)
    }

    @Test func outsideIsEmpty() {
        #expect(coverage(-1, 20) == 0)
        #expect(coverage(100, 20) == 0)
        #expect(coverage(50, -1) == 0)
        #expect(coverage(50, 40) == 0)
        #expect(coverage(-5, -5) == 0)
    }

    @Test func cornersAreAntiAliased() {
        var partial: [Double] = []
        for y in 0..<10 {
            for x in 0..<10 {
                let c = coverage(x, y)
                #expect(c >= 0 && c <= 1)
                if c > 0 && c < 1 { partial.append(c) }
            }
        }
        #expect(partial.count >= 5, "a 10 px corner should have several partly covered pixels")
        // Coverage grows towards the inside along the diagonal.
        let diagonal = (0..<10).map { coverage($0, $0) }
        #expect(diagonal == diagonal.sorted())
        #expect(diagonal.first == 0)
        #expect(diagonal.last == 1)
    }

    @Test func fractionalEdgeIsPartlyCovered() {
        let c = coverage(100, 20, width: 100.5)
        #expect(c > 0.4 && c < 0.6)
    }

    @Test func fourfoldSymmetry() {
        for y in 0..<40 {
            for x in 0..<100 {
                let c = coverage(x, y)
                #expect(abs(c - coverage(99 - x, y)) < 1e-9)
                #expect(abs(c - coverage(x, 39 - y)) < 1e-9)
            }
        }
    }

    @Test func radiusIsClampedToHalfTheShortSide() {
        for y in 0..<40 {
            for x in 0..<100 { #expect(coverage(x, y, radius: 1000) == coverage(x, y, radius: 20)) }
        }
        // Radius 0 (or negative) is a plain rectangle.
        #expect(coverage(0, 0, radius: 0) == 1)
        #expect(coverage(0, 0, radius: -4) == 1)
    }

    @Test func rowSpansAreSymmetricAndRounded() throws {
        let spans = RoundedRectCoverage.rowSpans(width: 100, height: 40, radius: 10)
        #expect(spans.count == 40)
        for (i, span) in spans.enumerated() {
            #expect(span.y == i)
            #expect(span.start + span.end == 100, "row \(i) not symmetric")
            #expect(span.start < span.end)
            #expect(span.start >= 0 && span.end <= 100)
            #expect(span.start == spans[39 - i].start, "rows \(i) and \(39 - i) differ")
        }
        // Corners cut in at the top and bottom; straight sides in the middle.
        #expect(spans[0].start > 0)
        #expect(spans[20].start == 0)
        #expect(spans[20].end == 100)
        // The cut narrows monotonically towards the middle.
        for i in 1..<20 { #expect(spans[i].start <= spans[i - 1].start) }
        // Each span matches the coverage ≥ ½ rule at its ends.
        for span in spans {
            #expect(coverage(span.start, span.y) >= 0.5)
            if span.start > 0 { #expect(coverage(span.start - 1, span.y) < 0.5) }
        }
    }

    @Test func rowSpansWithoutRadiusAreFullRows() {
        let spans = RoundedRectCoverage.rowSpans(width: 30, height: 5, radius: 0)
        #expect(spans.map(\.start) == [0, 0, 0, 0, 0])
        #expect(spans.map(\.end) == [30, 30, 30, 30, 30])
    }

    @Test func alphaMask() {
        let stride = 104
        let mask = RoundedRectCoverage.alphaMask(width: 100, height: 40, radius: 10, stride: stride)
        #expect(mask.count == stride * 40)
        #expect(mask[0] == 0)
        #expect(mask[20 * stride + 50] == 255)
        #expect(mask[39 * stride + 99] == 0)
        // Padding bytes stay zero.
        for y in 0..<40 {
            for x in 100..<stride { #expect(mask[y * stride + x] == 0) }
        }
        #expect(mask.contains { $0 > 0 && $0 < 255 })
        for y in 0..<40 {
            for x in 0..<100 {
                #expect(mask[y * stride + x] == UInt8((coverage(x, y) * 255).rounded()))
            }
        }
    }
}

@Suite struct IconCoverageTests {
    static let symmetric: [IconShape] = [.info, .triangle, .octagon, .bell, .ladybug, .close]

    @Test func strideIsPaddedToFourBytes() {
        #expect(IconRaster.stride(20) == 20)
        #expect(IconRaster.stride(21) == 24)
        #expect(IconRaster.stride(23) == 24)
        #expect(IconRaster.stride(1) == 4)
        #expect(IconRaster.stride(0) == 0)
    }

    @Test func emptySizeGivesAnEmptyMask() {
        #expect(IconRaster.mask(.info, size: 0).isEmpty)
        #expect(IconRaster.mask(.info, size: -3).isEmpty)
    }

    @Test(arguments: IconShape.allCases, [20, 40])
    func maskIsNonEmptyAndNotFull(shape: IconShape, size: Int) {
        let mask = IconRaster.mask(shape, size: size)
        #expect(mask.count == IconRaster.stride(size) * size)
        #expect(mask.contains(255), "\(shape) has no fully covered pixel")
        #expect(mask.contains { $0 > 0 && $0 < 255 }, "\(shape) is not anti-aliased")
        let fraction = coverageFraction(mask, size: size)
        #expect(fraction > 0.05 && fraction < 0.9, "\(shape) covers \(fraction)")
        // The icon leaves its corners clear.
        #expect(at(mask, size: size, 0, 0) == 0)
        #expect(at(mask, size: size, size - 1, size - 1) == 0)
    }

    @Test(arguments: IconShape.allCases, [21, 30])
    func paddingBytesStayZero(shape: IconShape, size: Int) {
        let mask = IconRaster.mask(shape, size: size)
        let stride = IconRaster.stride(size)
        for y in 0..<size {
            for x in size..<stride { #expect(mask[y * stride + x] == 0) }
        }
    }

    @Test(arguments: IconCoverageTests.symmetric, [20, 40])
    func symmetricShapesAreMirrorImages(shape: IconShape, size: Int) {
        #expect(asymmetry(IconRaster.mask(shape, size: size), size: size) <= 2, "\(shape)")
    }

    @Test(arguments: [20, 40])
    func checkAndSpinnerAreNotSymmetric(size: Int) {
        #expect(asymmetry(IconRaster.mask(.check, size: size), size: size) > 100)
        #expect(asymmetry(IconRaster.mask(.spinner, size: size), size: size) > 100)
    }

    @Test(arguments: IconShape.allCases)
    func doubleSizeHasTheSameCoverage(shape: IconShape) {
        let small = coverageFraction(IconRaster.mask(shape, size: 20), size: 20)
        let large = coverageFraction(IconRaster.mask(shape, size: 40), size: 40)
        #expect(abs(large - small) / small < 0.10, "\(shape): 1x \(small), 2x \(large)")
    }

    @Test(arguments: IconShape.allCases)
    func doubleSizeLooksLikeTheUpscaledMask(shape: IconShape) {
        // Each 2x2 block of the 40 px mask, averaged, is close to the 20 px pixel it covers.
        let small = IconRaster.mask(shape, size: 20)
        let large = IconRaster.mask(shape, size: 40)
        var totalDifference = 0.0
        for y in 0..<20 {
            for x in 0..<20 {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0.0) { sum, d in
                    sum + Double(at(large, size: 40, 2 * x + d.0, 2 * y + d.1))
                } / 4
                totalDifference += abs(block - Double(at(small, size: 20, x, y)))
            }
        }
        let smallTotal = coverageFraction(small, size: 20) * 400 * 255
        #expect(totalDifference / smallTotal < 0.35, "\(shape)")
    }

    @Test func spinnerTurnsWithPhase() {
        let a = IconRaster.mask(.spinner, size: 30, phase: 0)
        let b = IconRaster.mask(.spinner, size: 30, phase: 0.25)
        #expect(a != b)
        #expect(abs(coverageFraction(a, size: 30) - coverageFraction(b, size: 30)) < 0.02)
        // A full turn is the same picture.
        let full = IconRaster.mask(.spinner, size: 30, phase: 1)
        var worst = 0
        for i in a.indices { worst = max(worst, abs(Int(a[i]) - Int(full[i]))) }
        #expect(worst <= 2)
    }

    @Test func phaseOnlyTurnsTheSpinner() {
        for shape in IconShape.allCases where shape != .spinner {
            #expect(IconRaster.mask(shape, size: 20, phase: 0.5) == IconRaster.mask(shape, size: 20), "\(shape)")
        }
    }

    @Test func kindsMapToDistinctShapes() {
        #expect(IconRaster.shape(for: .info) == .info)
        #expect(IconRaster.shape(for: .success) == .check)
        #expect(IconRaster.shape(for: .warning) == .triangle)
        #expect(IconRaster.shape(for: .error) == .octagon)
        #expect(IconRaster.shape(for: .notice) == .bell)
        #expect(IconRaster.shape(for: .debug) == .ladybug)
        #expect(IconRaster.shape(for: .loading) == .spinner)
        let shapes = Kind.allCases.map(IconRaster.shape(for:))
        #expect(Set(shapes).count == Kind.allCases.count)
        #expect(!shapes.contains(.close))
    }

    @Test func shapesDiffer() {
        let masks = IconShape.allCases.map { IconRaster.mask($0, size: 20) }
        #expect(Set(masks).count == IconShape.allCases.count)
    }
}
