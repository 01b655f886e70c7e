import CSystem
import Glibc
import ToastCore
import Transport

/// Decodes image files in processes of their own (`xtoastd --decode-image`, see
/// `DecodeHelper`), so a decode can really be stopped: an SVG that spins for ever or maps
/// gigabytes costs its own process, limited in CPU time and address space and killed at
/// `budget`, never the daemon's loop or memory.
///
/// The loop waits `patience` for a decode (a decoder starts and decodes an icon in about
/// 15 ms of CPU, so most are ready in the same turn even on a busy machine, and a broken
/// file is still reported in the reply); past it the
/// decode goes on alone and the card shows its kind's icon until the image is ready.
/// `wakeDescriptor` (an epoll descriptor over the decoders' pipes and a timer for the budget)
/// becomes readable when a decoder has written, ended or overrun; `collect` then takes the
/// results. At most `maxRunning` decoders run at once and `maxQueued` wait for a turn; more
/// is refused, which bounds what a flood of slow images can take.
///
/// Bus pictures (`image-data`) are scaled the same way on a thread (`ScaleThread`), at most
/// `maxScaling` at once and `maxQueuedPixelBytes` waiting; the loop waits `pixelPatience`
/// for a small one, so an avatar shows at once, and never for a large one.
/// The corresponding C functions are `posix_spawn` (through `ChildProcesses`), `pipe`,
/// `read`, `epoll_ctl` and `timerfd_settime`.
public final class DecodeWorker {
    public static let patience = 0.1
    /// How long a decode may take before its process is killed: 2 s, or `$XTOAST_IMAGE_BUDGET`
    /// seconds (0.05 to 60; a value outside that range or not a number is ignored).
    public let budget: Double
    public static let maxRunning = 2
    public static let maxQueued = 16
    /// Half a frame, for pictures up to `maxAwaitedPixelBytes`: an avatar is scaled within it.
    /// A larger picture is not waited for (a 4095 px one takes 0.2 s): it comes when it is ready.
    public static let pixelPatience = 0.008
    public static let maxAwaitedPixelBytes = 1 << 20
    /// One picture scaled at a time: a 4095 px one takes about 0.2 s of a core.
    public static let maxScaling = 1
    /// Two 4095 px pictures (64 MiB each, their bus messages kept whole) may wait for the scaler;
    /// more is refused, so a client sending them back to back holds at most three.
    public static let maxQueuedPixelBytes = 128 << 20
    /// How soon to ask again whether a killed or finished decoder has ended (a killed process
    /// takes a moment to die, and is reaped without blocking).
    static let reapRetry = 0.02

    /// Readable when a decode has news; -1 when none could be made (then every decode is
    /// waited for in full, up to the budget).
    public let wakeDescriptor: Int32
    private let timer: Int32
    /// The decoders, and whoever else shares the table (the daemon's rule scripts): this
    /// worker counts, times and kills only its own.
    let children: ChildProcesses
    /// This executable, re-run as the decoder.
    private let executable = "/proc/self/exe"
    private var running: [DecodeJob] = []
    private var queued: [DecodeJob] = []
    /// Jobs that ended while the loop was not asking (a queued one that could not start).
    private var done: [(job: DecodeJob, result: Result<DecodedImage, ImageError>)] = []

    public enum Outcome {
        case done(Result<DecodedImage, ImageError>)
        /// Still decoding (or waiting for a turn): `collect` hands over the job's result.
        case pending(DecodeJob)
    }

    public init(children: ChildProcesses = ChildProcesses()) {
        self.children = children
        budget = Self.budget(from: Environment.get("XTOAST_IMAGE_BUDGET"))
        let epoll = xt_epoll_create()
        let timer = xt_timerfd_create()
        if epoll >= 0, timer >= 0, xt_epoll_watch(epoll, timer) == 0 {
            wakeDescriptor = epoll
            self.timer = timer
        } else {
            if epoll >= 0 { close(epoll) }
            if timer >= 0 { close(timer) }
            wakeDescriptor = -1
            self.timer = -1
        }
    }

    static func budget(from text: String?) -> Double {
        guard let text, let seconds = Double(text), seconds >= 0.05, seconds <= 60 else { return 2 }
        return seconds
    }

    deinit {
        for job in running {
            // A scaler thread reads the job's pixels until it replies: let it finish first.
            if job.image != nil { _ = job.wait(seconds: budget) } else { children.kill(job.pid) }
            close(job.output)
        }
        _ = children.reap()
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if timer >= 0 { close(timer) }
    }

    /// Starts decoding the file at `path` to fit a `box`×`box` square, and waits `patience` for it.
    func start(path: String, box: Int, now: Double) -> Outcome {
        start(DecodeJob(path: path, box: max(1, min(box, DecodedImage.maxSide))), now: now)
    }

    /// Starts scaling a bus picture, known as `name`, to fit a `box`×`box` square, and waits
    /// `pixelPatience` for it. Without epoll nothing would say when a thread is done: then
    /// it is scaled here.
    public func scale(_ image: RawImage, name: String, box: Int, now: Double) -> Outcome {
        let side = max(1, min(box, DecodedImage.maxSide))
        guard wakeDescriptor >= 0 else { return .done(DecodedImage.fromPixels(image, box: side)) }
        return start(DecodeJob(path: name, box: side, image: image), now: now)
    }

    private func start(_ job: DecodeJob, now: Double) -> Outcome {
        guard hasRoom(for: job) else {
            if let image = job.image {
                let waiting = queued.reduce(0) { $0 + ($1.image?.pixels.count ?? 0) }
                guard queued.count < Self.maxQueued, waiting + image.pixels.count <= Self.maxQueuedPixelBytes else {
                    return .done(.failure(ImageError("earlier pictures are still being scaled")))
                }
            } else if queued.count >= Self.maxQueued {
                return .done(.failure(ImageError("\(Self.maxRunning + Self.maxQueued) earlier images are still decoding")))
            }
            queued.append(job)
            return .pending(job)
        }
        if let failure = launch(job, now: now) { return .done(.failure(failure)) }
        let wait = switch job.image?.pixels.count {
        case _ where wakeDescriptor < 0: budget
        case nil: Self.patience
        case let bytes?: bytes <= Self.maxAwaitedPixelBytes ? Self.pixelPatience : 0
        }
        if let result = job.wait(seconds: wait) {
            finish(job)
            return .done(result)
        }
        if wakeDescriptor < 0 {
            // No epoll: nothing would say when it ends, so it ends now.
            children.kill(job.pid)
            finish(job)
            return .done(.failure(overrun))
        }
        armTimer(now: now)
        return .pending(job)
    }

    /// The decodes that ended since the last call: read out, failed, or killed at the budget.
    public func collect(now: Double) -> [(job: DecodeJob, result: Result<DecodedImage, ImageError>)] {
        if timer >= 0 {
            var expirations: UInt64 = 0
            _ = read(timer, &expirations, 8)
        }
        var ended = done
        done = []
        for pid in children.killOverdue(now: now, owner: .imageDecoder) {
            guard let job = running.first(where: { $0.pid == pid }) else { continue }
            finish(job)
            ended.append((job, .failure(overrun)))
        }
        for job in running {
            if let result = job.readAvailable() {
                finish(job)
                ended.append((job, result))
            }
        }
        _ = children.reap()
        var waiting: [DecodeJob] = []
        for job in queued {
            guard hasRoom(for: job) else {
                waiting.append(job)
                continue
            }
            if let failure = launch(job, now: now) { ended.append((job, .failure(failure))) }
        }
        queued = waiting
        armTimer(now: now)
        return ended
    }

    /// Whether `job` may start now: decoders and scalers each have their own bound.
    private func hasRoom(for job: DecodeJob) -> Bool {
        guard job.image != nil else { return children.count(.imageDecoder) < Self.maxRunning }
        return running.count(where: { $0.image != nil }) < Self.maxScaling
    }

    private var overrun: ImageError {
        ImageError("took longer than \(budget) s to decode; its decoder was stopped")
    }

    /// Spawns the decoder (or starts the scaler) for `job`; nil when it runs, else why not.
    private func launch(_ job: DecodeJob, now: Double) -> ImageError? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return ImageError("cannot start the image decoder: \(String(cString: strerror(errno)))") }
        // Only the daemon's end is non-blocking: the decoder writes at its own pace. Both are
        // close-on-exec (the spawn's dup2 makes the decoder's fd 1 without the flag).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        if let image = job.image {
            guard ScaleThread.start(image, box: job.box, output: fds[1]) else {
                close(fds[0])
                close(fds[1])
                return ImageError("cannot start a thread to scale the picture")
            }
            watch(job, output: fds[0])
            return nil
        }
        let seconds = Int(budget.rounded(.up)) + 1
        let spawned = children.spawn(executable, [DecodeHelper.argument, String(job.box), String(seconds), job.path],
                                     owner: .imageDecoder, stdout: fds[1], deadline: now + budget)
        close(fds[1])
        switch spawned {
        case let .failure(error):
            close(fds[0])
            return ImageError("cannot start the image decoder: \(error)")
        case let .success(pid):
            job.pid = pid
            watch(job, output: fds[0])
            return nil
        }
    }

    private func watch(_ job: DecodeJob, output: Int32) {
        job.output = output
        if wakeDescriptor >= 0 { _ = xt_epoll_watch(wakeDescriptor, output) }
        running.append(job)
    }

    /// Forgets `job`'s pipe; its process is reaped by `collect` (now or at a retry).
    private func finish(_ job: DecodeJob) {
        running.removeAll { $0 === job }
        // Its scaler has replied, so nothing reads the picture any more: its bus message goes.
        job.image = nil
        guard job.output >= 0 else { return }
        if wakeDescriptor >= 0 { _ = xt_epoll_unwatch(wakeDescriptor, job.output) }
        close(job.output)
        job.output = -1
        // A finished decoder is usually gone already: reap it now rather than at a retry.
        _ = children.reap()
    }

    /// Arms the timer for the next budget to run out, or for a retry at reaping.
    private func armTimer(now: Double) {
        guard timer >= 0 else { return }
        var next = children.nextDeadline(.imageDecoder)
        if children.count(.imageDecoder) > running.count { next = min(next ?? .infinity, now + Self.reapRetry) }
        guard let next, next.isFinite else {
            _ = xt_timerfd_disarm(timer)
            return
        }
        _ = xt_timerfd_arm_at(timer, UInt64(max(0, min(next, 1e9)) * 1e9))
    }
}

/// One decode: the file (or the bus picture and the name it is known by), its box, and the
/// decoder's output read so far.
public final class DecodeJob {
    public let path: String
    public let box: Int
    /// Whether it scales a bus picture rather than decoding a file.
    public let isPicture: Bool
    /// The bus picture, kept until its scaler has replied.
    fileprivate(set) var image: RawImage?
    fileprivate(set) var pid: pid_t = 0
    fileprivate(set) var output: Int32 = -1
    private var received: [UInt8] = []

    init(path: String, box: Int, image: RawImage? = nil) {
        self.path = path
        self.box = box
        self.image = image
        isPicture = image != nil
    }

    /// Reads what the decoder has written, without blocking. The result once the reply is
    /// complete or the decoder has closed its output; nil while more is to come.
    fileprivate func readAvailable() -> Result<DecodedImage, ImageError>? {
        guard output >= 0 else { return .failure(ImageError("the image decoder stopped without an image")) }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            // Never more than the reply can take: its header says how long it is.
            let limit: Int
            switch received.first {
            case nil: limit = chunk.count
            case 0: limit = 1 + DecodeHelper.Reply.maxReasonBytes - received.count
            case 1: limit = (DecodeHelper.Reply.expectedLength(received) ?? 9) - received.count
            default: return reply()
            }
            if limit <= 0 { return reply() }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, min(limit, $0.count)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }  // EAGAIN: more later
            if n == 0 { return reply() }  // the decoder closed its output: all there is
            received += chunk[0..<n]
            if let expected = DecodeHelper.Reply.expectedLength(received), received.capacity < expected {
                received.reserveCapacity(expected)
            }
        }
    }

    private func reply() -> Result<DecodedImage, ImageError> {
        DecodeHelper.Reply.decode(received, box: box)
            ?? .failure(ImageError("the image decoder stopped without an image (out of memory, or it crashed)"))
    }

    /// Waits up to `seconds` for the whole reply. The corresponding C function is `poll`.
    fileprivate func wait(seconds: Double) -> Result<DecodedImage, ImageError>? {
        let deadline = MonotonicClock.now() + seconds
        while true {
            if let result = readAvailable() { return result }
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return nil }
            var fd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(max(1, min(left * 1000, 60_000)).rounded(.up)))
        }
    }
}

extension ChildProcesses.Owner {
    /// The image decoders' share of a process table.
    static let imageDecoder = ChildProcesses.Owner("image decoder")
}
