import Glibc

/// Decodes an image on a thread of its own and waits for it for at most `budget` seconds, so a
/// slow decode (a large JPEG, an SVG full of filters) cannot stall the daemon's loop for long.
///
/// Past the budget the image is abandoned: the toast shows its kind's icon and the warning
/// says why. The thread cannot be stopped safely, so it runs to the end and its result is
/// dropped; at most `maxAbandoned` such threads may still be running before new decodes are
/// refused outright, which bounds the memory and CPU a flood of slow images can take.
/// The corresponding C functions are `pthread_create`, `pthread_cond_timedwait` and `pthread_detach`.
final class DecodeWorker {
    /// Icons decode in a few milliseconds; this is for the pathological ones.
    static let budget = 0.25
    static let maxAbandoned = 2
    private var abandoned: [DecodeJob] = []

    /// Runs `work` off the calling thread; its result, or a failure once the budget is spent.
    func run(_ work: @escaping @Sendable () -> Result<DecodedImage, ImageError>) -> Result<DecodedImage, ImageError> {
        abandoned.removeAll { $0.isFinished }
        guard abandoned.count < Self.maxAbandoned else {
            return .failure(ImageError("earlier images are still decoding"))
        }
        let job = DecodeJob(work)
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
            return work()
        }
        pthread_detach(thread)
        if let result = job.wait(seconds: Self.budget) { return result }
        abandoned.append(job)
        return .failure(ImageError("decoding took longer than \(Int(Self.budget * 1000)) ms"))
    }
}

/// One decode handed to a worker thread, with the lock and condition its result comes back under.
final class DecodeJob: @unchecked Sendable {
    let work: @Sendable () -> Result<DecodedImage, ImageError>
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var result: Result<DecodedImage, ImageError>?

    init(_ work: @escaping @Sendable () -> Result<DecodedImage, ImageError>) {
        self.work = work
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Called on the worker thread.
    func finish(_ value: Result<DecodedImage, ImageError>) {
        pthread_mutex_lock(mutex)
        result = value
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    var isFinished: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return result != nil
    }

    /// The result, or nil when it has not come within `seconds`.
    func wait(seconds: Double) -> Result<DecodedImage, ImageError>? {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1_000_000_000)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while result == nil {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return result
    }
}
