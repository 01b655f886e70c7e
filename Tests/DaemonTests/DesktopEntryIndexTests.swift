@testable import Daemon
import Foundation
import Testing
import ToastCore

/// Issue 43, finding 6: a new `desktop-entry` on every notification read the XDG folders on
/// the loop (5.5 ms each). The index reads them once, off the loop, and follows changes.
@Suite struct DesktopEntryIndexTests {
    /// A file system of `.desktop` files that counts what is asked of it.
    final class CountingFiles: DesktopEntryIndex.Files, @unchecked Sendable {
        let folders: [String: [String: String]]
        private(set) var calls = 0

        init(_ folders: [String: [String: String]]) { self.folders = folders }

        func list(_ directory: String) -> [String]? {
            calls += 1
            return folders[directory].map { Array($0.keys) }
        }

        func read(_ path: String) -> String? {
            calls += 1
            let slash = path.lastIndex(of: "/") ?? path.startIndex
            return folders[String(path[..<slash])]?[String(path[path.index(after: slash)...])]
        }
    }

    static func entry(_ name: String, icon: String) -> String { "[Desktop Entry]\nName=\(name)\nIcon=\(icon)\n" }

    @Test("once the folders are read, 3,000 notifications with never-seen desktop-entry values touch no file, and a known one is found in the first folder that has it")
    func newNamesCostNoFileAccess() throws {
        let files = CountingFiles([
            "/home/u/.local/share/applications": ["org.mail.desktop": Self.entry("My Mail", icon: "mine")],
            "/usr/share/applications": ["org.mail.desktop": Self.entry("Mail", icon: "mail"), "org.chat.desktop": Self.entry("Chat", icon: "chat"),
                                        "notes.txt": "not an entry"],
        ])
        let index = DesktopEntryIndex(directories: ["/home/u/.local/share/applications", "/usr/share/applications"], files: files)
        #expect(!index.rebuild())
        let built = files.calls
        #expect(built == 4, "two listings, two files read (the shadowed org.mail is not): \(built)")
        let rig = Rig()
        let server = DesktopNotifications(service: rig.service, readDesktopEntry: index.entry)
        for i in 0..<3000 {
            _ = server.notify(NotifyCall(summary: "n \(i)", hints: ["desktop-entry": .string("org.invented\(i)")]), now: rig.now)
        }
        #expect(files.calls == built, "\(files.calls - built) file system calls for 3,000 new names")
        #expect(index.entry("org.mail") == DesktopEntry(name: "My Mail", icon: "mine"))
        #expect(index.entry("org.chat.desktop") == DesktopEntry(name: "Chat", icon: "chat"))
        #expect(index.entry("../org.chat") == nil && index.entry("notes.txt") == nil)
        #expect(files.calls == built)
    }

    @Test("before the first reading, a lookup reads the files as it always did")
    func beforeTheIndexReadsFiles() {
        let files = CountingFiles(["/apps": ["org.mail.desktop": Self.entry("Mail", icon: "mail")]])
        let index = DesktopEntryIndex(directories: ["/apps"], files: files)
        #expect(index.entry("org.mail") == DesktopEntry(name: "Mail", icon: "mail"))
        #expect(files.calls == 1)
    }

    @Test("a .desktop file added after start is found once inotify tells the index; one in a folder made later, after a reload")
    func addedFileIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xtoast-apps-\(UUID().uuidString.prefix(8))")
        let watched = root.appendingPathComponent("share/applications"), later = root.appendingPathComponent("local/applications")
        try FileManager.default.createDirectory(at: watched, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let index = DesktopEntryIndex(directories: [later.path, watched.path])
        index.start()
        try Self.wait("the first reading") { index.isBuilt }
        #expect(index.entry("org.new") == nil)
        try Self.entry("New", icon: "new").write(to: watched.appendingPathComponent("org.new.desktop"), atomically: true, encoding: .utf8)
        try Self.wait("the added file to be found") { index.entry("org.new") == DesktopEntry(name: "New", icon: "new") }
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
        try Self.entry("Mine", icon: "mine").write(to: later.appendingPathComponent("org.new.desktop"), atomically: true, encoding: .utf8)
        index.refresh()
        try Self.wait("the user's file to come first after a reload") { index.entry("org.new") == DesktopEntry(name: "Mine", icon: "mine") }
    }

    static func wait(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TestFailure("timed out waiting for \(what)") }
            usleep(10_000)
        }
    }
}
