import Foundation
import Testing
@testable import ToastCore

@Suite struct IconSourceTests {
    static let assetURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/icons/icons.txt")

    @Test("the compiled-in icons are exactly assets/icons/icons.txt (run scripts/embed-icons after editing it)")
    func embeddedMatchesAsset() throws {
        let asset = try String(contentsOf: Self.assetURL, encoding: .utf8)
        #expect(IconSources.text + "\n" == asset || IconSources.text == asset)
    }

    @Test("every icon shape has a source, and every source parses")
    func everyShapeHasASource() throws {
        let icons = try IconSource.parse(IconSources.text)
        for shape in IconShape.allCases {
            #expect(!(icons[shape] ?? []).isEmpty, "\(shape.rawValue) has no shapes")
        }
        // The ladybug's spots are cut out of its shell.
        #expect(icons[.ladybug]?.contains { $0.cuts } == true)
    }

    @Test("mistakes in the source are reported with their line")
    func errors() {
        func message(_ text: String) -> String? {
            do { _ = try IconSource.parse(text); return nil } catch { return error.description }
        }
        #expect(message("disc 0.5 0.5 0.1") == #"icons.txt:1: "disc" before any icon"#)
        #expect(message("icon info\n  disc 0.5 0.5") == "icons.txt:2: disc takes 3 numbers, got 2")
        #expect(message("icon info\n  blob 1") == #"icons.txt:2: unknown shape "blob""#)
        #expect(message("icon nope") == #"icons.txt:1: unknown icon "nope""#)
        #expect(message("icon info\n  polygon 0 0 1 1") == "icons.txt:2: polygon needs 3 or more points")
        #expect(message("icon info\n  ring a 0 0 0") == #"icons.txt:2: "a" is not a number"#)
    }

    @Test("a cut carves: the ladybug has uncovered pixels where its spots are")
    func cutsCarve() {
        let size = 40
        let mask = IconRaster.mask(.ladybug, size: size)
        let spot = mask[Int(0.52 * Double(size)) * IconRaster.stride(size) + Int(0.37 * Double(size))]
        let shell = mask[Int(0.62 * Double(size)) * IconRaster.stride(size) + Int(0.26 * Double(size))]
        #expect(spot < 60 && shell > 200, "spot \(spot), shell \(shell)")
    }
}
