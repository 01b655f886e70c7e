import Glibc

/// Decodes images on threads of their own, so a slow decode (a large JPEG, an SVG full of
/// filters) never stalls the daemon's loop.
///
/// The loop waits `patience` for a decode (icons take a few milliseconds, so most are ready
/// in the same turn and a broken file is still reported in the reply); past it the decode
/// goes on alone and the card shows its kind's icon until the image is ready. A finished
/// decode writes a byte to `wakeDescriptor`, which the loop polls; `collect` then takes the
/// results. One that takes longer than `budget` is abandoned (its result dropped when it
/// comes: a thread cannot be stopped safely). At most `maxInFlight` decodes run at once,
/// which bounds the memory and CPU a flood of slow images can take.
/// The corresponding C functions are `pthread_create`, `pthread_cond_timedwait` and `pipe`.
final class DecodeWorker {
    static let patience = 0.02
    /// How long a decode may take before it is abandoned: 2 s, or `$XTOAST_IMAGE_BUDGET`
    /// seconds (0.05 to 60; a value outside that range or not a number is ignored).
    let budget: Double
    static let maxInFlight = 4

    /// Readable when a decode has finished; -1 when no pipe could be made (then decodes are
    /// waited for in full, as if patience were the budget).
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private var inFlight: [(job: DecodeJob, deadline: Double)] = []

    enum Outcome {
        case done(Result<DecodedImage, ImageError>)
        /// Still decoding: `collect` hands over the job's result once the wake descriptor fires.
        case pending(DecodeJob)
    }

    init() {
        budget = Self.budget(from: getenv("XTOAST_IMAGE_BUDGET").map { String(cString: $0) })
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            wakeDescriptor = fds[0]
            wakeWriter = fds[1]
        } else {
            wakeDescriptor = -1
            wakeWriter = -1
        }
    }

    static func budget(from text: String?) -> Double {
        guard let text, let seconds = Double(text), seconds >= 0.05, seconds <= 60 else { return 2 }
        return seconds
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        // The write end stays open while threads may still write to it; the process ends it.
    }

    /// Starts `work` off the calling thread and waits `patience` for it.
    func start(_ work: @escaping @Sendable () -> Result<DecodedImage, ImageError>, now: Double) -> Outcome {
        inFlight.removeAll { $0.job.isFinished && $0.deadline < now }
        guard inFlight.count < Self.maxInFlight else {
            return .done(.failure(ImageError("\(Self.maxInFlight) earlier images are still decoding")))
        }
        let job = DecodeJob(work, wake: wakeWriter)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let job = Unmanaged<DecodeJob>.fromOpaque(argument).takeRetainedValue()
            job.finish(job.work())
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
        guard started == 0 else {
            // No thread (resource limits): decode here rather than not at all. The retain
            // passed to the thread that did not start is given back.
            Unmanaged.passUnretained(job).release()
            return .done(work())
        }
        pthread_detach(thread)
        let wait = wakeDescriptor >= 0 ? Self.patience : budget
        if let result = job.wait(seconds: wait) { return .done(result) }
        inFlight.append((job, now + budget))
        return .pending(job)
    }

    /// The decodes that finished since the last call, within their budget. Empties the wake pipe.
    func collect(now: Double) -> [(job: DecodeJob, result: Result<DecodedImage, ImageError>)] {
        if wakeDescriptor >= 0 {
            var sink = [UInt8](repeating: 0, count: 64)
            while read(wakeDescriptor, &sink, sink.count) > 0 {}
        }
        var finished: [(DecodeJob, Result<DecodedImage, ImageError>)] = []
        inFlight.removeAll { entry in
            guard let result = entry.job.result else {
                // Abandoned jobs stay counted until their thread ends, but are never collected.
                return false
            }
            if entry.deadline >= now { finished.append((entry.job, result)) }
            return true
        }
        return finished
    }

    /// Whether a decode is still running for the loop (not abandoned).
    func isWaiting(for job: DecodeJob, now: Double) -> Bool {
        inFlight.contains { $0.job === job && $0.deadline >= now }
    }
}

/// One decode handed to a worker thread, with the lock and condition its result comes back under.
final class DecodeJob: @unchecked Sendable {
    let work: @Sendable () -> Result<DecodedImage, ImageError>
    private let wake: Int32
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var stored: Result<DecodedImage, ImageError>?

    init(_ work: @escaping @Sendable () -> Result<DecodedImage, ImageError>, wake: Int32) {
        self.work = work
        self.wake = wake
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Called on the worker thread: keeps the result and wakes the loop.
    func finish(_ value: Result<DecodedImage, ImageError>) {
        pthread_mutex_lock(mutex)
        stored = value
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        if wake >= 0 {
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }
    }

    var result: Result<DecodedImage, ImageError>? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return stored
    }

    var isFinished: Bool { result != nil }

    /// The result, or nil when it has not come within `seconds`.
    func wait(seconds: Double) -> Result<DecodedImage, ImageError>? {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1_000_000_000)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while stored == nil {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return stored
    }
}
