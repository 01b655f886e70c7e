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
/// A thread of its own reads the `applications` folders at start, then sleeps on inotify;
/// when a file there is added, changed, moved or removed (an installer at work: it waits
/// `settle` for the rest), or at `refresh` (a config reload), it reads them all again and
/// swaps the new index in. Until the first index is there, a lookup reads the files as it
/// always did. Only the folders themselves are read, not their subfolders, as before.
/// The corresponding C functions are `inotify_init1`, `inotify_add_watch`, `poll` and `pthread_create`.
final class DesktopEntryIndex: @unchecked Sendable {
    /// Files indexed at most (a system has a few hundred applications); past it, the rest
    /// of the folders is not read.
    static let maxEntries = 10_000
    /// An installer writes many files at once: one reading after it is done.
    static let settle = 0.2

    /// What the index reads of the file system: the real one, or a test's that counts.
    protocol Files: Sendable {
        /// The names in a folder; nil when it cannot be listed.
        func list(_ directory: String) -> [String]?
        /// A `.desktop` file's text, at most `DesktopEntry.maxBytes`; nil when unreadable.
        func read(_ path: String) -> String?
    }

    let directories: [String]
    private let files: any Files
    private var mutex = pthread_mutex_t()
    /// By file name (`org.mail.desktop`); nil until the first reading is done.
    private var entries: [String: DesktopEntry]?
    /// Set by `refresh` (under the mutex): read again.
    private var stale = false
    /// Readable when the folders changed; a pipe `refresh` writes to, to wake the thread.
    private var inotify: Int32 = -1
    private var wake: [Int32] = [-1, -1]

    init(directories: [String], files: any Files = SystemDesktopFiles()) {
        self.directories = directories
        self.files = files
        pthread_mutex_init(&mutex, nil)
    }

    /// Watches the folders and starts the thread that reads them. Without a thread, lookups
    /// read the files, as before the index.
    func start() {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        let changes = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        if inotify >= 0 { for directory in directories { _ = inotify_add_watch(inotify, directory, changes) } }
        guard pipe(&wake) == 0 else { return }
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            // Every signal is the loop's (its signalfd).
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<DesktopEntryIndex>.fromOpaque(raw).takeRetainedValue().work()
            return nil
        }, me)
        if made == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<DesktopEntryIndex>.fromOpaque(me).release()
            Log.info("desktop entries: no thread to read them on; each is read when asked for")
        }
    }

    /// The application `id` (with or without `.desktop`) names: a hash lookup once the
    /// folders are read.
    func entry(_ id: String) -> DesktopEntry? {
        guard let name = DesktopEntry.fileName(of: id) else { return nil }
        pthread_mutex_lock(&mutex)
        let known = entries
        pthread_mutex_unlock(&mutex)
        if let known { return known[name] }
        for directory in directories {
            if let text = files.read(directory + "/" + name) { return DesktopEntry.parse(text) }
        }
        return nil
    }

    /// Whether the first reading is done (for tests).
    var isBuilt: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return entries != nil
    }

    /// Reads the folders again, off the loop (a config reload: a folder that did not exist at
    /// start is not watched).
    func refresh() {
        pthread_mutex_lock(&mutex)
        stale = true
        pthread_mutex_unlock(&mutex)
        var byte: UInt8 = 1
        if wake[1] >= 0 { _ = write(wake[1], &byte, 1) }
    }

    /// Every `.desktop` file in the folders, the first folder's first (the XDG order).
    func readFolders() -> [String: DesktopEntry] {
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

    /// Reads the folders and swaps the new index in; true when a `refresh` came meanwhile.
    func rebuild() -> Bool {
        pthread_mutex_lock(&mutex)
        stale = false
        pthread_mutex_unlock(&mutex)
        let fresh = readFolders()
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        entries = fresh
        return stale
    }

    /// The thread: read, publish, sleep until something changes; for ever.
    private func work() {
        while true {
            if !rebuild() { waitForChange() }
        }
    }

    /// Sleeps until the folders change or `refresh` is called, then lets an installer finish.
    private func waitForChange() {
        var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0), pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, nfds_t(inotify >= 0 ? 2 : 1), -1) <= 0 {}
        usleep(useconds_t(Self.settle * 1_000_000))
        var buffer = [UInt8](repeating: 0, count: 4096)
        for fd in [wake[0], inotify] where fd >= 0 {
            while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
        }
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
