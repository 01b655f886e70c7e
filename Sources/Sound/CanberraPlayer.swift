import DaemonLog
import Glibc
import ToastCore
import Transport
import DaemonLog

/// Sounds through libcanberra, on a thread of its own, both only from the first sound on: the
/// library is loaded then (`Canberra.load`), and the thread started then, with a small stack
/// (`stackBytes`), so a daemon that never sounds has neither.
///
/// `ca_context_open` connects to the sound server and `ca_context_play` waits for its answers
/// (is the sample cached, is the stream ready) and opens the file, so neither may run on the
/// loop: they run here, one sound after another, from a queue of at most `maxQueued` (more
/// are dropped: a flood of toasts does not become a minute of beeps). The thread sleeps on a
/// condition while nothing is queued, so an idle daemon still wakes for nothing; libcanberra
/// keeps its own thread for the sound server.
///
/// What plays is bounded by `PlayingSounds`: at most `PlayingSounds.maxPlaying` at once (a
/// sound whose turn comes while they play is dropped, with one log line per flood), each
/// cancelled after `PlayingSounds.maxSeconds` (`ca_context_cancel` by the id it was started
/// with; the thread then sleeps until the next cut, and untimed once nothing plays), and
/// `stop` cancels a toast's sounds or all of them. libcanberra's finish callback frees a
/// slot when a sound ends by itself.
///
/// A `sound-file` is opened here without blocking (`O_NONBLOCK`: a FIFO opens at once), must
/// be a regular file of at most `SoundChoice.maxFileBytes`, and is handed to libcanberra as
/// `/proc/self/fd/N`, the file already checked, so it cannot be swapped for a FIFO on the way.
/// A server that cannot be reached is tried again at most every `retryInterval` seconds, with
/// one log line the first time; each other failure is logged once per kind.
/// The corresponding C functions are `pthread_create`, `ca_context_create`, `ca_context_change_props_full`,
/// `ca_context_open`, `ca_context_play_full` and `ca_context_cancel`.
public final class CanberraPlayer: SoundPlayer, @unchecked Sendable {
    public static let maxQueued = 8
    public static let retryInterval = 30.0
    /// The player thread's stack: it only hands sounds to libcanberra (whose own threads
    /// stream them) and reads a sound file's header, far within this.
    public static let stackBytes = 256 << 10

    private var mutex = pthread_mutex_t()
    private var wake = pthread_cond_t()
    // Guarded by `mutex`:
    private var queue: [(sound: Sound, toast: String)] = []
    private var droppedFlood = false
    /// What plays now, by id and toast.
    private var playing = PlayingSounds()
    /// Ids `stop` freed, for the thread to cancel.
    private var toCancel: [UInt32] = []
    /// Whether a sound was dropped because `PlayingSounds.maxPlaying` played (said once a flood).
    private var droppedBusy = false
    /// Whether the thread runs (or could not be started, or libcanberra could not be loaded:
    /// then `unavailable`, and every sound is dropped).
    private var started = false
    private var unavailable = false
    // The player thread's own:
    private var library: Canberra?
    private var context: Canberra.Context?
    private var lastAttempt = -Double.infinity
    private var loggedErrors: Set<Int32> = []
    private var loggedUnreachable = false
    /// Room in the log for sound files that cannot be played: a client names one per toast.
    private var fileLines = LogBudget(lines: 20, what: "sound file lines")

    public init() {
        pthread_mutex_init(&mutex, nil)
        // The cut at `maxSeconds` is timed on the monotonic clock, which a clock change leaves alone.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&wake, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Starts the thread, which loads libcanberra and connects to the sound server; called
    /// (from the loop, under `mutex`) by the first `play`, so `[sound] enabled = no`, or a
    /// session whose toasts never sound, never touches either.
    private func startThread() {
        started = true
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackBytes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            // Every signal is the loop's (its signalfd): one delivered here would take the
            // default action (SIGTERM would kill the daemon without its orderly stop), and
            // libcanberra's own threads, started from this one, inherit the mask.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<CanberraPlayer>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, me)
        if result != 0 {
            Unmanaged<CanberraPlayer>.fromOpaque(me).release()
            unavailable = true
            Log.info("sound: no thread to play on (\(String(cString: strerror(result)))); toasts are silent")
        }
    }

    /// A sound server's socket is there (`SoundServer.isThere`), unless libcanberra was found
    /// missing or no thread could start.
    public var canPlay: Bool {
        pthread_mutex_lock(&mutex)
        let unavailable = unavailable
        pthread_mutex_unlock(&mutex)
        return !unavailable && SoundServer.isThere()
    }

    public func play(_ sound: Sound, for toast: String) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if !started { startThread() }
        guard !unavailable else { return }
        guard queue.count < Self.maxQueued else {
            if !droppedFlood { Log.info("sound: more than \(Self.maxQueued) sounds waiting; dropping the rest") }
            droppedFlood = true
            return
        }
        droppedFlood = false
        queue.append((sound, toast))
        pthread_cond_signal(&wake)
    }

    public func stop(_ toast: String?) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        queue.removeAll { toast == nil || $0.toast == toast }
        let ids = playing.stop(toast: toast)
        guard !ids.isEmpty else { return }
        toCancel += ids
        pthread_cond_signal(&wake)
    }

    // MARK: The player thread

    private func run() {
        switch Canberra.load() {
        case let .success(loaded): library = loaded
        case let .failure(failure):
            Log.info("sound: cannot load libcanberra (\(failure.message)); toasts are silent")
            pthread_mutex_lock(&mutex)
            unavailable = true
            queue = []
            pthread_mutex_unlock(&mutex)
            return
        }
        _ = connect()
        while true {
            pthread_mutex_lock(&mutex)
            var cancel: [UInt32] = []
            while true {
                cancel = toCancel + playing.takeOverdue(now: MonotonicClock.now())
                toCancel = []
                if !cancel.isEmpty || !queue.isEmpty { break }
                if let deadline = playing.nextDeadline {
                    var until = MonotonicClock.timespec(at: deadline)
                    pthread_cond_timedwait(&wake, &mutex, &until)
                } else {
                    pthread_cond_wait(&wake, &mutex)
                }
            }
            let next = cancel.isEmpty ? queue.removeFirst() : nil
            pthread_mutex_unlock(&mutex)
            // Not under the lock: libcanberra calls `finished` from inside the cancel.
            if let library, let context { for id in cancel { _ = library.contextCancel(context, id) } }
            if let next, context != nil || connect() { perform(next.sound, for: next.toast) }
        }
    }

    /// libcanberra's word that a sound ended (played out, cancelled, or its context gone),
    /// from its own thread or from inside `ca_context_cancel` on this one.
    private func finished(_ id: UInt32) {
        pthread_mutex_lock(&mutex)
        playing.ended(id)
        pthread_cond_signal(&wake)
        pthread_mutex_unlock(&mutex)
    }

    /// A slot to play in, or nil (logged once a flood) while `PlayingSounds.maxPlaying` play.
    private func slot(for toast: String) -> UInt32? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard let id = playing.start(for: toast, now: MonotonicClock.now()) else {
            if !droppedBusy { Log.info("sound: \(PlayingSounds.maxPlaying) sounds are playing; a sound that comes meanwhile is not played") }
            droppedBusy = true
            return nil
        }
        droppedBusy = false
        return id
    }

    private func release(_ id: UInt32) {
        pthread_mutex_lock(&mutex)
        playing.ended(id)
        pthread_mutex_unlock(&mutex)
    }

    /// Opens a context on the sound server; false (logged once) when none answers.
    private func connect() -> Bool {
        let now = MonotonicClock.now()
        guard now - lastAttempt >= Self.retryInterval else { return false }
        lastAttempt = now
        guard let library else { return false }
        var made: Canberra.Context?
        var result = library.contextCreate(&made)
        if result == Canberra.success, let made {
            result = withProperties([(Canberra.applicationName, "xtoast"), (Canberra.applicationID, "org.xtoast.xtoastd")]) {
                library.contextChangeProps(made, $0)
            }
            if result == Canberra.success { result = library.contextOpen(made) }
            if result != Canberra.success { _ = library.contextDestroy(made) }
        }
        guard result == Canberra.success, let made else {
            if !loggedUnreachable {
                Log.info("sound: no sound server (\(library.describe(result))); toasts are silent until one answers")
            }
            loggedUnreachable = true
            return false
        }
        if loggedUnreachable { Log.info("sound: the sound server answers; toasts play sounds") }
        loggedUnreachable = false
        context = made
        return true
    }

    private func perform(_ sound: Sound, for toast: String) {
        Log.windowEnd(of: &fileLines, now: MonotonicClock.now())
        guard let library, let context else { return }
        var descriptor: Int32 = -1
        defer { if descriptor >= 0 { close(descriptor) } }
        var properties: [(String, String)] = [(Canberra.eventDescription, "Notification")]
        switch sound {
        case let .named(name):
            properties.append((Canberra.eventID, name))
        case let .file(path):
            switch Self.openChecked(path) {
            case let .success(fd): descriptor = fd
            case let .failure(why):
                Log.info("sound: cannot play \(Log.quoted(path)): \(why.reason)", within: &fileLines, now: MonotonicClock.now())
                return
            }
            properties.append((Canberra.mediaFilename, "/proc/self/fd/\(descriptor)"))
        }
        guard let id = slot(for: toast) else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let result = withProperties(properties) {
            library.contextPlay(context, id, $0, { _, id, _, me in
                guard let me else { return }
                Unmanaged<CanberraPlayer>.fromOpaque(me).takeUnretainedValue().finished(id)
            }, me)
        }
        guard result != Canberra.success else { return }
        release(id)
        if result == Canberra.errorDisconnected || result == Canberra.errorState {
            // The server went away: start again with the next sound (at most every retryInterval).
            _ = library.contextDestroy(context)
            self.context = nil
            pthread_mutex_lock(&mutex)
            _ = playing.stop(toast: nil)
            pthread_mutex_unlock(&mutex)
        }
        if loggedErrors.insert(result).inserted {
            Log.info("sound: cannot play \(Self.describe(sound)): \(library.describe(result)) (said once)")
        }
    }

    /// The file opened for reading without blocking, if it is a regular file within the cap.
    public static func openChecked(_ path: String) -> Result<Int32, BoundedFile.Failure> {
        BoundedFile.open(path, maxBytes: SoundChoice.maxFileBytes).map(\.fd)
    }

    /// Runs `body` with a proplist holding `properties`.
    /// The corresponding C functions are `ca_proplist_create`, `ca_proplist_sets` and `ca_proplist_destroy`.
    private func withProperties(_ properties: [(String, String)], _ body: (Canberra.Proplist) -> Int32) -> Int32 {
        guard let library else { return Canberra.errorState }
        var list: Canberra.Proplist?
        let made = library.proplistCreate(&list)
        guard made == Canberra.success, let list else { return made }
        defer { _ = library.proplistDestroy(list) }
        for (key, value) in properties {
            let set = library.proplistSets(list, key, value)
            if set != Canberra.success { return set }
        }
        return body(list)
    }

    private static func describe(_ sound: Sound) -> String {
        switch sound {
        case let .named(name): "sound \(Log.quoted(name))"
        case let .file(path): Log.quoted(path)
        }
    }
}
