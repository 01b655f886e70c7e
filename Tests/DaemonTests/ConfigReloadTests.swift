@testable import Daemon
import Foundation
import Testing
import ToastCore

/// Issue 17: `xtoast reload` (and SIGHUP) reads the config file over the defaults, through the
/// daemon's own file reader, so what the file no longer says goes back to its default.
@Suite struct ConfigReloadTests {
    /// One key of every section, each away from its default.
    static let everySection = """
        [general]
        theme = light
        [font]
        size = 14
        [card]
        radius = 20
        [colors]
        info = #112233
        [timeouts]
        info = 9
        [motion]
        spring_response = 0.9
        """

    /// A service whose reloads read `file`, as the daemon's do.
    static func service(reading file: String) -> ToastService {
        let config = ConfigFile.load(file).config
        return ToastService(config: config, output: FakeOutput(), sink: RecordingSink(),
                            loadConfig: { ConfigFile.load(file, keeping: $0) })
    }

    static func temporaryFile() throws -> String {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-reload-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("config").path
    }

    static func expectEverySectionSet(_ c: Config) {
        #expect(c.theme == .light && c.fontSize == 14 && c.radius == 20)
        #expect(c.colors[.info] == 0x112233 && c.timeouts[.info] == 9 && c.motion.springResponse == 0.9)
    }

    @Test("keys commented out (or removed) go back to their defaults at reload, in every section; the cards restyle with them")
    func removedKeysReset() throws {
        let file = try Self.temporaryFile()
        try Self.everySection.write(toFile: file, atomically: true, encoding: .utf8)
        let service = Self.service(reading: file)
        Self.expectEverySectionSet(service.board.config)
        let commented = Self.everySection.split(separator: "\n").map { $0.hasPrefix("[") ? String($0) : "# " + $0 }
        try commented.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(service.reload(now: 1).isEmpty)
        #expect(service.board.config == .default)
        #expect(service.stage.config == .default)
    }

    @Test("a deleted config file: every setting goes back to its default")
    func deletedFileResets() throws {
        let file = try Self.temporaryFile()
        try Self.everySection.write(toFile: file, atomically: true, encoding: .utf8)
        let service = Self.service(reading: file)
        try FileManager.default.removeItem(atPath: file)
        #expect(service.reload(now: 1).isEmpty)
        #expect(service.board.config == .default)
    }

    @Test("a bad line keeps the value in use (not the default); an unreadable file keeps every setting")
    func badLinesKeepTheValueInUse() throws {
        let file = try Self.temporaryFile()
        try Self.everySection.write(toFile: file, atomically: true, encoding: .utf8)
        let service = Self.service(reading: file)
        let typos = """
            [general]
            theme = lihgt
            [font]
            size = big
            [card]
            radius = -1
            [colors]
            info = red
            [timeouts]
            info = soon
            [motion]
            spring_response = 0
            """
        try typos.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(service.reload(now: 1).count == 6)
        Self.expectEverySectionSet(service.board.config)
        try FileManager.default.removeItem(atPath: file)
        #expect(mkdir(file, 0o700) == 0)  // a directory where the file was: it cannot be read
        #expect(service.reload(now: 2).count == 1)
        Self.expectEverySectionSet(service.board.config)
    }
}
