import CX11
import Glibc
import Images
import ToastCore
import Transport

/// Icon images kept on the X server, decoded and scaled once per (file, size, tint).
///
/// Each entry is an ARGB32 XRender picture already at the size it is drawn at (decoded at that
/// size by gdk-pixbuf, see `DecodedImage`), so painting a card costs
/// one `XRenderComposite` with `PictOpOver`, which respects the image's alpha.
/// At most `capacity` pictures are kept on the server, the least recently used freed first;
/// the decoded pixels of untinted images are kept apart, up to `maxKeptPixelBytes`, so an
/// image whose picture was freed (a toast that waited in the queue behind 32 others, or
/// whose `image-data` has no file to decode again) is uploaded again without a decode.
/// The corresponding C functions are `XPutImage`, `XRenderCreatePicture` and `XRenderComposite`.
final class ImageCache {
    let display: XDisplay
    /// Enough for every toast on screen plus recent ones; each entry is a few KiB on the server.
    static let capacity = 32
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0
    /// Decodes in processes of their own, within a time and memory budget.
    private let worker: DecodeWorker
    /// Decodes still running, by what they will become.
    private var pending: [Key: (job: DecodeJob, stamp: FileStamp)] = [:]
    /// The decoded pixels of untinted images, for recolouring and for uploading again, least
    /// recently used out past `maxKeptPixelBytes`.
    private var pixels: [Key: (image: DecodedImage, lastUse: UInt64)] = [:]
    private var keptPixelBytes = 0
    /// 8 MiB: the queue's 100 toasts of one position at 96 px (a 48 px image at scale 2,
    /// 36 KiB each) twice over, or thousands of 20 px icons.
    static let maxKeptPixelBytes = 8 << 20

    private struct Key: Hashable {
        var path: String
        var size: Int
        /// The colour a symbolic icon is recoloured to (0xRRGGBB), nil for a full-colour one.
        var tint: UInt32?
    }

    private struct Entry {
        var picture: Picture
        var width: Int
        var height: Int
        /// The file's identity when read, so a changed file is read again.
        var stamp: FileStamp
        var lastUse: UInt64
    }

    init(display: XDisplay, children: ChildProcesses) {
        self.display = display
        worker = DecodeWorker(children: children)
        format = XRenderFindStandardFormat(display.handle, Int32(PictStandardARGB32))
    }

    deinit {
        for entry in entries.values { XRenderFreePicture(display.handle, entry.picture) }
    }

    /// Starts loading the image at `path` scaled to fit a `size`×`size` square (or finds it
    /// cached and unchanged on disk). `.failed` says why not, phrased to follow
    /// "cannot read icon PATH: "; `.pending` means it is still decoding: `collect` reports it.
    func prepare(_ path: String, size: Int) -> Preparation {
        let key = Key(path: path, size: max(1, min(size, DecodedImage.maxSide)), tint: nil)
        if let entry = entries[key], entry.stamp == FileStamp(path) {
            entries[key]?.lastUse = nextUse()
            return .ready
        }
        if pending[key] != nil { return .pending }
        switch DecodedImage.load(path, box: key.size, on: worker, now: MonotonicClock.now()) {
        case let .failure(error): return .failed(error.reason)
        case let .success(.done(.failure(error))): return .failed(error.reason)
        case let .success(.done(.success(image))):
            switch insert(image, for: key, stamp: FileStamp(path)) {
            case .success: return .ready
            case let .failure(error): return .failed(error.reason)
            }
        case let .success(.pending(job)):
            pending[key] = (job, FileStamp(path))
            return .pending
        }
    }

    enum Preparation: Equatable {
        case ready, pending
        case failed(String)
    }

    /// Readable when a decode has finished (for the loop's `poll`).
    var wakeDescriptor: Int32 { worker.wakeDescriptor }

    /// Takes the decodes that finished off the loop into the cache. Returns the paths now
    /// ready, and one line for each that failed (for the log: its reply went out already;
    /// the card keeps its kind's icon).
    func collect() -> (ready: [String], failures: [String]) {
        var ready: [String] = [], failures: [String] = []
        for (job, result) in worker.collect(now: MonotonicClock.now()) {
            guard let (key, entry) = pending.first(where: { $0.value.job === job }) else { continue }
            pending[key] = nil
            switch result.flatMap({ insert($0, for: key, stamp: entry.stamp) }) {
            case .success: ready.append(key.path)
            case let .failure(error) where job.isPicture:
                failures.append("cannot use image-data: \(error.reason); its card keeps the kind's icon")
            case let .failure(error): failures.append("cannot read icon \(key.path): \(error.reason); its card keeps the kind's icon")
            }
        }
        return (ready, failures)
    }

    /// Whether `path` can be drawn now at some size (decoded, not still decoding).
    func isReady(_ path: String) -> Bool {
        entries.keys.contains { $0.path == path && $0.tint == nil } || pixels.keys.contains { $0.path == path }
    }

    /// Keeps raw pixels (a D-Bus notification's `image-data`) under `name`, scaled to fit a
    /// `size`×`size` square off the loop, so a card can draw them as `.image(path: name, …)`.
    /// `.pending` while the scaler works: `collect` reports it, as it does a file.
    /// Its pixels are kept within `maxKeptPixelBytes`; pushed out past that, it draws nothing
    /// (there is no file to read again).
    func store(_ name: String, _ image: RawImage, size: Int) -> Preparation {
        let key = Key(path: name, size: max(1, min(size, DecodedImage.maxSide)), tint: nil)
        switch worker.scale(image, name: name, box: key.size, now: MonotonicClock.now()) {
        case let .done(result):
            switch result.flatMap({ insert($0, for: key, stamp: FileStamp()) }) {
            case .success: return .ready
            case let .failure(error): return .failed(error.reason)
            }
        case let .pending(job):
            pending[key] = (job, FileStamp())
            return .pending
        }
    }

    /// Composites the image, centred in `rect` and scaled to fit it, onto `picture`; with
    /// `tint`, recoloured to it (a `-symbolic` icon).
    /// A cached image is drawn as is (a repaint must not fail because the file went away);
    /// an image that cannot be loaded draws nothing.
    func draw(_ path: String, in rect: Rect, tint: RGBA?, onto picture: Picture) {
        guard rect.width.isFinite, rect.height.isFinite else { return }
        let size = Int(max(0, min(Double(DecodedImage.maxSide), min(rect.width, rect.height))).rounded())
        guard size > 0 else { return }
        let key = Key(path: path, size: size, tint: tint?.rgb)
        let entry: Entry
        let plain = Key(path: path, size: size, tint: nil)
        if let cached = entries[key] {
            entry = cached
            entries[key]?.lastUse = nextUse()
            pixels[plain]?.lastUse = nextUse()
        } else if let kept = pixels[plain]?.image,
                  case let .success(uploaded) = insert(tint.map { kept.tinted($0) } ?? kept, for: key, stamp: FileStamp(path)) {
            // Decoded before: uploaded again (a symbolic icon recoloured), no decode.
            entry = uploaded
        } else if let source = keptSource(path, for: size) {
            // Decoded at another size only (a card's, while the centre's header wants 16 px):
            // scaled from those pixels now, so the first frame that names it draws it.
            let image = source.fitted(in: size)
            guard case let .success(uploaded) = insert(tint.map { image.tinted($0) } ?? image, for: key, stamp: FileStamp(path)) else { return }
            if tint != nil { keep(image, for: plain) }
            entry = uploaded
        } else {
            // Not decoded at this size (a new painter, or pixels pushed out): decode it off the
            // loop; the card is painted again once it is ready.
            if pending[plain] == nil { _ = prepare(path, size: size) }
            return
        }
        let x = Int32(pixel: rect.x + (rect.width - Double(entry.width)) / 2)
        let y = Int32(pixel: rect.y + (rect.height - Double(entry.height)) / 2)
        XRenderComposite(display.handle, PictOpOver, entry.picture, 0, picture, 0, 0, 0, 0, x, y,
                         UInt32(clamping: entry.width), UInt32(clamping: entry.height))
    }

    /// The kept pixels of `path` to scale to `size` from: the smallest at least that large,
    /// else the largest; none past `DecodedImage.maxScaledBytes` (those wait for a decode).
    private func keptSource(_ path: String, for size: Int) -> DecodedImage? {
        let kept = pixels.filter { $0.key.path == path && $0.key.tint == nil && $0.value.image.pixels.count <= DecodedImage.maxScaledBytes }
        let larger = kept.filter { $0.key.size >= size }.min { $0.key.size < $1.key.size }
        return (larger ?? kept.max { $0.key.size < $1.key.size })?.value.image
    }

    private func insert(_ image: DecodedImage, for key: Key, stamp: FileStamp) -> Result<Entry, ImageError> {
        guard let format else { return .failure(ImageError("the X server has no 32-bit ARGB picture format")) }
        let entry = Entry(picture: upload(image.pixels, width: image.width, height: image.height, format: format),
                          width: image.width, height: image.height, stamp: stamp, lastUse: nextUse())
        if let old = entries.updateValue(entry, forKey: key) { XRenderFreePicture(display.handle, old.picture) }
        // Untinted pixels are kept apart from their picture, so symbolic icons recolour and a
        // freed picture comes back without a decode.
        if key.tint == nil { keep(image, for: key) } else { pixels[Key(path: key.path, size: key.size, tint: nil)]?.lastUse = nextUse() }
        while entries.count > ImageCache.capacity,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            XRenderFreePicture(display.handle, oldest.value.picture)
            entries[oldest.key] = nil
        }
        return .success(entry)
    }

    /// Puts premultiplied BGRA bytes into a new depth-32 pixmap and wraps it in a picture.
    /// The pixmap is freed at once: the picture keeps it alive on the server until it is freed.
    /// The corresponding C functions are `XCreatePixmap`, `XPutImage` and `XRenderCreatePicture`.
    private func upload(_ pixels: [UInt8], width: Int, height: Int, format: UnsafeMutablePointer<XRenderPictFormat>) -> Picture {
        let pixmap = display.uploadPixmap(pixels, width: width, height: height, depth: 32, stride: width * 4)
        defer { XFreePixmap(display.handle, pixmap) }
        return XRenderCreatePicture(display.handle, pixmap, format, 0, nil)
    }

    private func keep(_ image: DecodedImage, for key: Key) {
        if let old = pixels.updateValue((image, nextUse()), forKey: key) { keptPixelBytes -= old.image.pixels.count }
        keptPixelBytes += image.pixels.count
        while keptPixelBytes > ImageCache.maxKeptPixelBytes, pixels.count > 1,
              let oldest = pixels.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            keptPixelBytes -= oldest.value.image.pixels.count
            pixels[oldest.key] = nil
        }
    }

    private func nextUse() -> UInt64 {
        uses += 1
        return uses
    }
}
