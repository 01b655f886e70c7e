import CX11
import Glibc
import ToastCore

/// Icon images kept on the X server, decoded and scaled once per (file, size).
///
/// Each entry is an ARGB32 XRender picture already at the size it is drawn at (scaled in
/// software by `PixelScaler`: sharper than a server-side transform), so painting a card costs
/// one `XRenderComposite` with `PictOpOver`, which respects the image's alpha.
/// At most `capacity` entries are kept; the least recently used is freed first.
/// The corresponding C functions are `XPutImage`, `XRenderCreatePicture` and `XRenderComposite`.
public final class ImageCache {
    let display: XDisplay
    /// Enough for every toast on screen plus recent ones; each entry is a few KiB on the server.
    static let capacity = 32
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0

    private struct Key: Hashable {
        var path: String
        var size: Int
    }

    private struct Entry {
        var picture: Picture
        var width: Int
        var height: Int
        /// The file's identity when read, so a changed file is read again.
        var stamp: FileStamp
        var lastUse: UInt64
    }

    public init(display: XDisplay) {
        self.display = display
        format = XRenderFindStandardFormat(display.handle, Int32(PictStandardARGB32))
    }

    deinit {
        for entry in entries.values { XRenderFreePicture(display.handle, entry.picture) }
    }

    /// Loads the image at `path` scaled to fit a `size`×`size` square (or finds it cached and
    /// unchanged on disk). Returns nil when it can be drawn, else why not, phrased to follow
    /// "cannot read icon PATH: ".
    public func prepare(_ path: String, size: Int) -> String? {
        let key = Key(path: path, size: max(1, size))
        if let entry = entries[key], entry.stamp == FileStamp(path) {
            entries[key]?.lastUse = nextUse()
            return nil
        }
        switch load(key) {
        case .success: return nil
        case let .failure(error): return error.reason
        }
    }

    /// Composites the image, centred in `rect` and scaled to fit it, onto `picture`.
    /// A cached image is drawn as is (a repaint must not fail because the file went away);
    /// an image that cannot be loaded draws nothing.
    func draw(_ path: String, in rect: Rect, onto picture: Picture) {
        let size = Int(min(rect.width, rect.height).rounded())
        guard size > 0 else { return }
        let key = Key(path: path, size: size)
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
    private func load(_ key: Key) -> Result<Entry, PNGError> {
        guard let format else { return .failure(PNGError("the X server has no 32-bit ARGB picture format")) }
        let stamp = FileStamp(key.path)
        let image: PNGImage
        switch PNGImage.load(key.path) {
        case let .success(i): image = i
        case let .failure(e): return .failure(e)
        }
        let (w, h) = PixelScaler.fitted(width: image.width, height: image.height, in: key.size)
        let pixels = PixelScaler.resize(image.pixels, width: image.width, height: image.height, toWidth: w, toHeight: h)
        let entry = Entry(picture: upload(pixels, width: w, height: h, format: format), width: w, height: h,
                          stamp: stamp, lastUse: nextUse())
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
