import Testing
import ToastCore

@Suite struct ScaleTests {
    @Test(arguments: [(96.0, 1.0), (192, 2), (144, 1.5), (120, 1.25), (288, 3), (72, 0.75)])
    func dpiDividedBy96(_ dpi: Double, _ scale: Double) {
        #expect(Scale.from(xftDPI: dpi) == scale)
    }

    @Test(arguments: [nil, 0, -96, .nan, .infinity, 10_000, 1] as [Double?])
    func missingOrInvalidDPIIsOne(_ dpi: Double?) {
        #expect(Scale.from(xftDPI: dpi) == 1)
    }

    @Test func readsXftDPIFromResourceManager() {
        let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
        #expect(Scale.fromResources(resources) == 192)
        #expect(Scale.fromResources("Xft.dpi:\t144") == 144)
        #expect(Scale.fromResources("  Xft.dpi : 120.5  \n") == 120.5)
    }

    @Test func laterDefinitionWins() {
        #expect(Scale.fromResources("Xft.dpi:\t96\nXft.dpi:\t192\n") == 192)
    }

    @Test func missingOrMalformedDPIIsNil() {
        #expect(Scale.fromResources("") == nil)
        #expect(Scale.fromResources("Xcursor.size:\t24\n") == nil)
        #expect(Scale.fromResources("Xft.dpi:\tlarge\n") == nil)
        #expect(Scale.fromResources("Xft.dpi\t192\n") == nil)
        #expect(Scale.fromResources("Xft.dpiScale:\t2\n*dpi:\t192\n") == nil)
    }

    @Test func resolvePrefersTheConfiguredScale() {
        #expect(Scale.resolve(configured: 1.5, resourceManager: "Xft.dpi:\t192") == 1.5)
        #expect(Scale.resolve(configured: nil, resourceManager: "Xft.dpi:\t192") == 2)
        #expect(Scale.resolve(configured: nil, resourceManager: "Xcursor.size:\t24") == 1)
        #expect(Scale.resolve(configured: nil, resourceManager: nil) == 1)
    }
}
