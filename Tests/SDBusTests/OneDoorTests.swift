import Foundation
import Testing

/// Issue 44: sd-bus has one door. Only `Sources/SDBus` imports `CSDBus`, and the bus
/// interfaces above it (`Bus`, `Accessibility`) name no sd-bus function and hold no raw handle.
@Suite struct OneDoorTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under `folder` (relative to Sources), with its text.
    static func swiftFiles(under folder: String = "") throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.path, try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func busAndAccessibilityUseTheDoorOnly() throws {
        let files = try Self.swiftFiles(under: "Bus") + Self.swiftFiles(under: "Accessibility")
        #expect(files.count >= 10)
        for file in files {
            #expect(!file.text.contains("OpaquePointer"), "\(file.path) holds a raw handle")
            #expect(!file.text.contains("sd_bus_"), "\(file.path) calls sd-bus past the SDBus door")
        }
    }

    @Test func onlySDBusImportsCSDBus() throws {
        let importers = try Self.swiftFiles().filter { $0.text.contains("import CSDBus") }.map(\.path)
        #expect(!importers.isEmpty)
        for path in importers { #expect(path.contains("/Sources/SDBus/"), "\(path) imports CSDBus") }
    }
}
