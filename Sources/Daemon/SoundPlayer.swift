import CCanberra
import Glibc
import ToastCore

/// Plays the sounds `SoundChoice` decides. The loop only hands a sound over; it never waits.
protocol SoundPlayer: AnyObject {
    /// Whether a sound server answered: `GetCapabilities` lists `sound` only then.
    var canPlay: Bool { get }
    /// Sound is enabled: get ready to play (connect, off the loop). Called again on each reload.
    func start()
    /// Plays `sound` for the toast `toast` (its id): it stops with it (`stop`).
    func play(_ sound: Sound, for toast: String)
    /// Stops `toast`'s sounds, playing or waiting to; every sound with nil (do-not-disturb,
    /// `dismiss --all`). Cheap when nothing of it plays.
    func stop(_ toast: String?)
}

/// Sounds through libcanberra, on a thread of its own.
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
/// The corresponding C functions are `ca_context_create`, `ca_context_change_props_full`,
/// `ca_context_open`, `ca_context_play_full` and `ca_context_cancel`.
final class CanberraPlayer: SoundPlayer, @unchecked Sendable {
    static let maxQueued = 8
    static let retryInterval = 30.0

    private var mutex = pthread_mutex_t()
    private var wake = pthread_cond_t()
    // Guarded by `mutex`:
    private var queue: [(sound: Sound, toast: String)] = []
    private var opened = false
    private var droppedFlood = false
    /// What plays now, by id and toast.
    private var playing = PlayingSounds()
    /// Ids `stop` freed, for the thread to cancel.
    private var toCancel: [UInt32] = []
    /// Whether a sound was dropped because `PlayingSounds.maxPlaying` played (said once a flood).
    private var droppedBusy = false
    // The player thread's own:
    private var context: OpaquePointer?
    private var lastAttempt = -Double.infinity
    private var loggedErrors: Set<Int32> = []
    private var loggedUnreachable = false

    private var started = false

    init() {
        pthread_mutex_init(&mutex, nil)
        // The cut at `maxSeconds` is timed on the monotonic clock, which a clock change leaves alone.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&wake, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Starts the thread, which connects to the sound server; called (from the loop) once sound
    /// is enabled, so `[sound] enabled = no` never touches the server.
    func start() {
        guard !started else { return }
        started = true
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
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
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<CanberraPlayer>.fromOpaque(me).release()
            Log.info("sound: no thread to play on (\(String(cString: strerror(started)))); toasts are silent")
        }
    }

    var canPlay: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return opened
    }

    func play(_ sound: Sound, for toast: String) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard queue.count < Self.maxQueued else {
            if !droppedFlood { Log.info("sound: more than \(Self.maxQueued) sounds waiting; dropping the rest") }
            droppedFlood = true
            return
        }
        droppedFlood = false
        queue.append((sound, toast))
        pthread_cond_signal(&wake)
    }

    func stop(_ toast: String?) {
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
        _ = connect()
        while true {
            pthread_mutex_lock(&mutex)
            var cancel: [UInt32] = []
            while true {
                cancel = toCancel + playing.takeOverdue(now: Self.monotonicNow())
                toCancel = []
                if !cancel.isEmpty || !queue.isEmpty { break }
                if let deadline = playing.nextDeadline {
                    let whole: Double = deadline.rounded(.down)
                    var until = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
                    pthread_cond_timedwait(&wake, &mutex, &until)
                } else {
                    pthread_cond_wait(&wake, &mutex)
                }
            }
            let next = cancel.isEmpty ? queue.removeFirst() : nil
            pthread_mutex_unlock(&mutex)
            // Not under the lock: libcanberra calls `finished` from inside the cancel.
            if let context { for id in cancel { _ = ca_context_cancel(context, id) } }
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
        guard let id = playing.start(for: toast, now: Self.monotonicNow()) else {
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
        let now = Self.monotonicNow()
        guard now - lastAttempt >= Self.retryInterval else { return false }
        lastAttempt = now
        var made: OpaquePointer?
        var result = ca_context_create(&made)
        if result == CA_SUCCESS, let made {
            result = withProperties([(CA_PROP_APPLICATION_NAME, "xtoast"), (CA_PROP_APPLICATION_ID, "org.xtoast.xtoastd")]) {
                ca_context_change_props_full(made, $0)
            }
            if result == CA_SUCCESS { result = ca_context_open(made) }
            if result != CA_SUCCESS { ca_context_destroy(made) }
        }
        guard result == CA_SUCCESS, let made else {
            if !loggedUnreachable {
                Log.info("sound: no sound server (\(String(cString: ca_strerror(result)))); toasts are silent until one answers")
            }
            loggedUnreachable = true
            return false
        }
        if loggedUnreachable { Log.info("sound: the sound server answers; toasts play sounds") }
        loggedUnreachable = false
        context = made
        setOpened(true)
        return true
    }

    private func perform(_ sound: Sound, for toast: String) {
        guard let context else { return }
        var descriptor: Int32 = -1
        defer { if descriptor >= 0 { close(descriptor) } }
        var properties: [(String, String)] = [(CA_PROP_EVENT_DESCRIPTION, "Notification")]
        switch sound {
        case let .named(name):
            properties.append((CA_PROP_EVENT_ID, name))
        case let .file(path):
            switch Self.openChecked(path) {
            case let .success(fd): descriptor = fd
            case let .failure(why):
                Log.info("sound: cannot play \(Log.quoted(path)): \(why.message)")
                return
            }
            properties.append((CA_PROP_MEDIA_FILENAME, "/proc/self/fd/\(descriptor)"))
        }
        guard let id = slot(for: toast) else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let result = withProperties(properties) {
            ca_context_play_full(context, id, $0, { _, id, _, me in
                guard let me else { return }
                Unmanaged<CanberraPlayer>.fromOpaque(me).takeUnretainedValue().finished(id)
            }, me)
        }
        guard result != CA_SUCCESS else { return }
        release(id)
        if result == CA_ERROR_DISCONNECTED || result == CA_ERROR_STATE {
            // The server went away: start again with the next sound (at most every retryInterval).
            ca_context_destroy(context)
            self.context = nil
            setOpened(false)
            pthread_mutex_lock(&mutex)
            _ = playing.stop(toast: nil)
            pthread_mutex_unlock(&mutex)
        }
        if loggedErrors.insert(result).inserted {
            Log.info("sound: cannot play \(Self.describe(sound)): \(String(cString: ca_strerror(result))) (said once)")
        }
    }

    /// The file opened for reading without blocking, if it is a regular file within the cap.
    static func openChecked(_ path: String) -> Result<Int32, SoundFileError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(SoundFileError(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(SoundFileError("not a regular file"))
        }
        guard info.st_size <= SoundChoice.maxFileBytes else {
            close(fd)
            return .failure(SoundFileError("the file is over \(SoundChoice.maxFileBytes >> 20) MiB"))
        }
        return .success(fd)
    }

    private func setOpened(_ value: Bool) {
        pthread_mutex_lock(&mutex)
        opened = value
        pthread_mutex_unlock(&mutex)
    }

    /// Runs `body` with a proplist holding `properties`.
    /// The corresponding C functions are `ca_proplist_create`, `ca_proplist_sets` and `ca_proplist_destroy`.
    private func withProperties(_ properties: [(String, String)], _ body: (OpaquePointer) -> Int32) -> Int32 {
        var list: OpaquePointer?
        let made = ca_proplist_create(&list)
        guard made == CA_SUCCESS, let list else { return made }
        defer { ca_proplist_destroy(list) }
        for (key, value) in properties {
            let set = ca_proplist_sets(list, key, value)
            if set != CA_SUCCESS { return set }
        }
        return body(list)
    }

    private static func describe(_ sound: Sound) -> String {
        switch sound {
        case let .named(name): "sound \(Log.quoted(name))"
        case let .file(path): Log.quoted(path)
        }
    }

    private static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Why a sound file was refused.
struct SoundFileError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
