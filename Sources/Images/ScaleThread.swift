import Glibc
import ToastCore

/// Scales a bus picture (`image-data`) on a thread of its own and writes the result as a
/// decoder process does (`DecodeHelper.Reply`), so `DecodeWorker` waits for, reads and bounds
/// it as it does a file's. A thread, not a process: the pixels are already in the daemon's
/// memory (a 4095 px picture is 64 MiB of the bus message), and handing them to a process would
/// copy them; scaling raw pixels is bounded work (at most 4096×4096, about 0.2 s) that parses
/// nothing, so it needs no process to stop it.
///
/// The thread never owns the pixels: it reads them through a borrowed view, while the job
/// that started it keeps the image (and its bus message) alive until the reply is read.
/// The corresponding C function is `pthread_create`.
enum ScaleThread {
    /// What the thread needs: the picture's layout and a borrowed view of its bytes.
    private final class Task {
        let image: RawImage
        let box: Int
        let output: Int32

        init(image: RawImage, box: Int, output: Int32) {
            self.image = image
            self.box = box
            self.output = output
        }
    }

    /// Starts scaling `image` to fit a `box`×`box` square; the thread writes its reply to
    /// `output` and closes it. False (and `output` left open) when no thread could start.
    static func start(_ image: RawImage, box: Int, output: Int32) -> Bool {
        let view = RawImage(width: image.width, height: image.height, rowstride: image.rowstride, hasAlpha: image.hasAlpha,
                            bitsPerSample: image.bitsPerSample, channels: image.channels,
                            pixels: PixelBytes(borrowing: image.pixels.buffer) {})
        let context = Unmanaged.passRetained(Task(image: view, box: box, output: output)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            if let context { ScaleThread.run(Unmanaged<Task>.fromOpaque(context).takeRetainedValue()) }
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Task>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private static func run(_ task: Task) {
        // Every signal is the loop's (its signalfd); a closed pipe fails the write with EPIPE.
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        DecodeHelper.write(DecodeHelper.Reply.encode(DecodedImage.fromPixels(task.image, box: task.box)), to: task.output)
        close(task.output)
    }
}
