#if canImport(Glibc)
import Glibc
#endif
import DaemonLog
import ToastCore
import Transport

/// Every application's `.desktop` file (`DesktopEntry`) by file name, read off the loop and
/// kept, so a `desktop-entry` hint costs a hash lookup and no file system access, whatever
/// name a client invents (reading the XDG folders for each new name cost 5.5 ms of the loop).
///
/// A `BackgroundIndex` reads the `applications` folders at start and again when a file there
/// changes or at `refresh` (a config reload). Until the first index is there, a lookup reads
/// the files as it always did. Only the folders themselves are read, not their subfolders.
final class DesktopEntryIndex: Sendable {
    /// Files indexed at most (a system has a few hundred applications); past it, the rest
    /// of the folders is not read.
    static let maxEntries = 10_000

    /// What the index reads of the file system: the real one, or a test's that counts.
    protocol Files: Sendable {
        /// The names in a folder; nil when it cannot be listed.
        func list(_ directory: String) -> [String]?
        /// A `.desktop` file's text, at most `DesktopEntry.maxBytes`; nil when unreadable.
        func read(_ path: String) -> String?
    }

    let directories: [String]
    private let files: any Files
    /// By file name (`org.mail.desktop`).
    private let index: BackgroundIndex<Void, [String: DesktopEntry]>

    init(directories: [String], files: any Files = SystemDesktopFiles()) {
        self.directories = directories
        self.files = files
        index = BackgroundIndex(input: ()) { _ in (Self.readFolders(directories, files: files), directories) }
    }

    /// Watches the folders and starts the thread that reads them. Without a thread, lookups
    /// read the files, as before the index.
    func start() {
        if !index.start() { Log.info("desktop entries: no thread to read them on; each is read when asked for") }
    }

    /// The application `id` (with or without `.desktop`) names: a hash lookup once the
    /// folders are read.
    func entry(_ id: String) -> DesktopEntry? {
        guard let name = DesktopEntry.fileName(of: id) else { return nil }
        if let known = index.current { return known[name] }
        for directory in directories {
            if let text = files.read(directory + "/" + name) { return DesktopEntry.parse(text) }
        }
        return nil
    }

    /// Whether the first reading is done (for tests).
    var isBuilt: Bool { index.current != nil }

    /// Reads the folders again, off the loop (a config reload: a folder that did not exist at
    /// start is not watched).
    func refresh() { index.refresh() }

    /// Reads the folders now and swaps the new index in (for tests); true when a `refresh` came meanwhile.
    func rebuild() -> Bool { index.rebuild() }

    /// Every `.desktop` file in the folders, the first folder's first (the XDG order).
    static func readFolders(_ directories: [String], files: any Files) -> [String: DesktopEntry] {
        var found: [String: DesktopEntry] = [:]
        for directory in directories {
            for name in files.list(directory) ?? [] where name.hasSuffix(".desktop") && found[name] == nil {
                guard found.count < Self.maxEntries else { return found }
                guard DesktopEntry.fileName(of: name) == name, let text = files.read(directory + "/" + name) else { continue }
                found[name] = DesktopEntry.parse(text)
            }
        }
        return found
    }
}

/// The real folders behind `DesktopEntryIndex`. The corresponding C functions are `opendir`
/// and `readdir`.
struct SystemDesktopFiles: DesktopEntryIndex.Files {
    func list(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            })
        }
        return names
    }

    func read(_ path: String) -> String? {
        guard case let .success(bytes) = BoundedFile.read(path, maxBytes: DesktopEntry.maxBytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
