import CX11
import Glibc
import ToastCore

/// Icon images kept on the X server, decoded and scaled once per (file, size, tint).
///
/// Each entry is an ARGB32 XRender picture already at the size it is drawn at (decoded at that
/// size by gdk-pixbuf, see `DecodedImage`), so painting a card costs
/// one `XRenderComposite` with `PictOpOver`, which respects the image's alpha.
/// At most `capacity` entries are kept; the least recently used is freed first.
/// The corresponding C functions are `XPutImage`, `XRenderCreatePicture` and `XRenderComposite`.
final class ImageCache {
    let display: XDisplay
    /// Enough for every toast on screen plus recent ones; each entry is a few KiB on the server.
    static let capacity = 32
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0
    /// Decodes off the loop, within a time budget.
    private let worker = DecodeWorker()

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

    init(display: XDisplay) {
        self.display = display
        format = XRenderFindStandardFormat(display.handle, Int32(PictStandardARGB32))
    }

    deinit {
        for entry in entries.values { XRenderFreePicture(display.handle, entry.picture) }
    }

    /// Loads the image at `path` scaled to fit a `size`×`size` square (or finds it cached and
    /// unchanged on disk). Returns nil when it can be drawn, else why not, phrased to follow
    /// "cannot read icon PATH: ".
    func prepare(_ path: String, size: Int) -> String? {
        let key = Key(path: path, size: max(1, min(size, DecodedImage.maxSide)), tint: nil)
        if let entry = entries[key], entry.stamp == FileStamp(path) {
            entries[key]?.lastUse = nextUse()
            return nil
        }
        switch load(key) {
        case .success: return nil
        case let .failure(error): return error.reason
        }
    }

    /// Keeps raw pixels (a D-Bus notification's `image-data`) under `name`, scaled to fit a
    /// `size`×`size` square, so a card can draw them as `.image(path: name, …)`. Returns nil when
    /// stored, else why not. An entry evicted later draws nothing (there is no file to reread).
    func store(_ name: String, width: Int, height: Int, rowstride: Int, hasAlpha: Bool, bitsPerSample: Int,
                      channels: Int, bytes: [UInt8], size: Int) -> String? {
        let key = Key(path: name, size: max(1, min(size, DecodedImage.maxSide)), tint: nil)
        let decoded = DecodedImage.fromPixels(width: width, height: height, rowstride: rowstride, hasAlpha: hasAlpha,
                                              bitsPerSample: bitsPerSample, channels: channels, bytes: bytes, box: key.size)
        switch decoded.flatMap({ insert($0, for: key, stamp: FileStamp(name)) }) {
        case .success: return nil
        case let .failure(error): return error.reason
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
        if let cached = entries[key] {
            entry = cached
            entries[key]?.lastUse = nextUse()
        } else {
            guard case let .success(loaded) = load(key) else { return }
            entry = loaded
        }
        let x = Int32((rect.x + (rect.width - Double(entry.width)) / 2).rounded())
        let y = Int32((rect.y + (rect.height - Double(entry.height)) / 2).rounded())
        XRenderComposite(display.handle, PictOpOver, entry.picture, 0, picture, 0, 0, 0, 0, x, y,
                         UInt32(entry.width), UInt32(entry.height))
    }

    /// Decodes, scales and uploads; replaces any older entry for the key and evicts the least
    /// recently used beyond `capacity`.
    private func load(_ key: Key) -> Result<Entry, ImageError> {
        let stamp = FileStamp(key.path)
        return DecodedImage.load(key.path, box: key.size, on: worker).flatMap { image in
            insert(key.tint.map { image.tinted(RGBA(rgb: $0)) } ?? image, for: key, stamp: stamp)
        }
    }

    private func insert(_ image: DecodedImage, for key: Key, stamp: FileStamp) -> Result<Entry, ImageError> {
        guard let format else { return .failure(ImageError("the X server has no 32-bit ARGB picture format")) }
        let entry = Entry(picture: upload(image.pixels, width: image.width, height: image.height, format: format),
                          width: image.width, height: image.height, stamp: stamp, lastUse: nextUse())
        if let old = entries.updateValue(entry, forKey: key) { XRenderFreePicture(display.handle, old.picture) }
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

    private func nextUse() -> UInt64 {
        uses += 1
        return uses
    }
}
