import Foundation
@testable import Images
import Testing
import ToastCore
import Transport

/// Issue 43, finding 6: the icon themes' folders are indexed by a thread, and the index
/// follows what an installer does.
@Suite struct IconFoldersTests {
    @Test("an icon added to a theme folder after start is found once inotify tells the index; one in a base directory made later, after a refresh")
    func addedIconIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-icons-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let apps = root + "/share/icons/hicolor/48x48/apps", later = root + "/local/icons/hicolor/48x48/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try "[Icon Theme]\nDirectories=48x48/apps\n\n[48x48/apps]\nSize=48\n"
            .write(toFile: root + "/share/icons/hicolor/index.theme", atomically: true, encoding: .utf8)
        let environment = IconEnvironment(home: root + "/home", dataHome: root + "/local", dataDirs: root + "/share",
                                          configHome: root + "/config", themeOverride: "hicolor")
        let index = IconFolders.watching(.init(environment: environment, desktopTheme: nil), start: true)
        func resolve(_ name: String) -> IconLookup.Outcome? { index.current?.resolve(name, pixelSize: 48, workingDirectory: nil) }
        try Self.wait("the first build") { index.current != nil }
        #expect(resolve("newapp") == .notFound(name: "newapp", themes: ["hicolor"]))
        try Data([0x89]).write(to: URL(fileURLWithPath: apps + "/newapp.png"))
        try Self.wait("the added icon to be found") { resolve("newapp") == .themed(path: apps + "/newapp.png", theme: "hicolor") }
        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        try Data([0x89]).write(to: URL(fileURLWithPath: later + "/newapp.png"))
        index.refresh()
        try Self.wait("the user's icon to come first after a refresh") { resolve("newapp") == .themed(path: later + "/newapp.png", theme: "hicolor") }
    }

    static func wait(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw Failure("timed out waiting for \(what)") }
            usleep(10_000)
        }
    }
}
