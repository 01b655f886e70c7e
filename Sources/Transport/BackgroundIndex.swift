#if canImport(Glibc)
import Glibc
#endif

/// An index of some folders built on a thread of its own, so that a lookup on the loop is a
/// hash lookup and never a file system walk a client could multiply (issue 43, finding 6).
///
/// The thread builds at start, publishes the result, then sleeps on inotify over the folders
/// the last build names; when a file there is added, changed, moved or removed (an installer
/// at work: it waits `settle` for the rest), or at `refresh`, it builds again and swaps the
/// new value in. `current` is nil until the first build is done: callers then do what they
/// did before the index. Only the folders named are watched, not their subfolders.
///
///     let index = BackgroundIndex(input: folders) { folders in (readAll(folders), folders) }
///     index.start()
///     if let known = index.current { return known[name] }
///
/// The corresponding C functions are `inotify_init1`, `inotify_add_watch`, `poll` and `pthread_create`.
public final class BackgroundIndex<Input: Sendable, Value: Sendable>: @unchecked Sendable {
    /// An installer writes many files at once: one build after it is done.
    public static var settle: Double { 0.2 }
    /// Folders watched at most (inotify's per-user limit is shared with the desktop).
    public static var maxWatches: Int { 4096 }

    /// Builds the value from the input, off the loop; returns it and the folders to watch.
    private let build: @Sendable (Input) -> (value: Value, watch: [String])
    private var mutex = pthread_mutex_t()
    private var input: Input
    private var value: Value?
    /// Set by `refresh` (under the mutex): build again.
    private var stale = false
    /// Readable when a watched folder changed; a pipe `refresh` writes to, to wake the thread.
    private var inotify: Int32 = -1
    private var wake: [Int32] = [-1, -1]

    public init(input: Input, build: @escaping @Sendable (Input) -> (value: Value, watch: [String])) {
        self.input = input
        self.build = build
        pthread_mutex_init(&mutex, nil)
    }

    /// The last value built; nil until the first build is done.
    public var current: Value? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return value
    }

    /// Starts the thread that builds and watches; false when there is none (then `current`
    /// stays nil and callers keep their old way).
    @discardableResult
    public func start() -> Bool {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard pipe(&wake) == 0 else { return false }
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var thread = pthread_t()
        // A C function cannot name a generic type: the thread gets a plain closure.
        let body = Unmanaged.passRetained(ThreadBody { [self] in work() }).toOpaque()
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            // Every signal is the loop's (its signalfd).
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, body)
        guard made == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(body).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Builds again, off the loop (a config reload: a folder that did not exist before is not
    /// watched), from `input` when given.
    public func refresh(_ input: Input? = nil) {
        pthread_mutex_lock(&mutex)
        if let input { self.input = input }
        stale = true
        pthread_mutex_unlock(&mutex)
        var byte: UInt8 = 1
        if wake[1] >= 0 { _ = write(wake[1], &byte, 1) }
    }

    /// Builds and swaps the new value in; true when a `refresh` came meanwhile.
    @discardableResult
    public func rebuild() -> Bool {
        pthread_mutex_lock(&mutex)
        stale = false
        let input = self.input
        pthread_mutex_unlock(&mutex)
        let (fresh, folders) = build(input)
        watch(folders)
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        value = fresh
        return stale
    }

    /// Watches the folders (again: a folder watched already keeps its one watch, and one
    /// removed and made again is watched anew).
    private func watch(_ folders: [String]) {
        guard inotify >= 0 else { return }
        let changes = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        for folder in folders.prefix(Self.maxWatches) { _ = inotify_add_watch(inotify, folder, changes) }
    }

    /// The thread: build, publish, sleep until something changes; for ever.
    private func work() {
        while true {
            if !rebuild() { waitForChange() }
        }
    }

    /// Sleeps until a folder changes or `refresh` is called, then lets an installer finish.
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

/// What a `BackgroundIndex` thread runs.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
