import CPixbuf
import Glibc
import ToastCore
import Transport

/// An icon decoded by gdk-pixbuf to 8-bit BGRA with premultiplied alpha (the byte order of an
/// ARGB32 XRender picture on a little-endian client) at the size it is drawn at.
///
/// Every format the system has a gdk-pixbuf loader for works: PNG, JPEG, GIF, BMP, ICO, XPM,
/// and SVG with `librsvg2-common`. Files are decoded in a decoder process (`DecodeHelper`),
/// never in the daemon. The bytes always come from `readFile` (ours, bounded, never
/// blocking on a FIFO), never from a path handed to the library, and SVGs are decoded from
/// memory without a base URI, so they cannot pull in other files. The header's size is checked
/// before any pixel is decoded, and loaders that can (JPEG, SVG) decode straight at the drawn size.
public struct DecodedImage: Equatable, Sendable {
    /// Larger files are refused before reading: an icon never needs this much.
    public static let maxFileBytes = 16 << 20
    /// Images whose header announces a larger side are refused before decoding (a 100-byte
    /// PNG can claim 60000×60000 pixels: 14 GB once decoded).
    public static let maxSide = 4096

    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, rows packed, B G R A, premultiplied.
    public let pixels: [UInt8]

    /// Starts decoding the file at `path` on `worker` to fit a `box`×`box` square; on failure,
    /// a reason fit to follow "cannot read icon PATH: ". What `stat` can tell (no file, not a
    /// regular file, too large) is told at once; the decoder reads the file itself.
    public static func load(_ path: String, box: Int, on worker: DecodeWorker, now: Double) -> Result<DecodeWorker.Outcome, ImageError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(ImageError(errnoText())) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(ImageError("not a regular file")) }
        guard info.st_size <= maxFileBytes else { return .failure(ImageError("the file is over 16 MiB")) }
        return .success(worker.start(path: path, box: box, now: now))
    }

    /// Decodes encoded bytes (any format gdk-pixbuf knows, told apart by their content).
    /// The corresponding C functions are `gdk_pixbuf_loader_new`, `gdk_pixbuf_loader_write`,
    /// `gdk_pixbuf_loader_close` and `gdk_pixbuf_loader_get_pixbuf`.
    public static func decode(_ bytes: [UInt8], box: Int) -> Result<DecodedImage, ImageError> {
        guard !bytes.isEmpty else { return .failure(ImageError("the file is empty")) }
        guard let loader = gdk_pixbuf_loader_new() else { return .failure(ImageError("gdk-pixbuf is not usable")) }
        defer { xt_pixbuf_unref(UnsafeMutableRawPointer(loader)) }
        let request = UnsafeMutablePointer<xt_size_request>.allocate(capacity: 1)
        defer { request.deallocate() }
        request.initialize(to: xt_size_request(box: Int32(max(1, min(box, maxSide))), max_side: Int32(maxSide),
                                               width: 0, height: 0, refused: 0))
        xt_loader_watch_size(loader, request)
        var error: UnsafeMutablePointer<GError>?
        // Small chunks first, so a header announcing a huge image stops the load before the
        // rest is even looked at.
        var offset = 0
        var written = true
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while offset < buffer.count, written, request.pointee.refused == 0 {
                let chunk = min(offset == 0 ? 4096 : 256 << 10, buffer.count - offset)
                written = gdk_pixbuf_loader_write(loader, base + offset, gsize(chunk), &error) != 0
                offset += chunk
            }
        }
        // Closing with an error pointer while one is already set would overwrite it.
        let closed = written ? gdk_pixbuf_loader_close(loader, &error) != 0 : gdk_pixbuf_loader_close(loader, nil) != 0
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not an image gdk-pixbuf can read"
        if let error { g_error_free(error) }
        if request.pointee.refused != 0 {
            let w = request.pointee.width, h = request.pointee.height
            return .failure(ImageError("the image is \(w)×\(h) pixels; at most \(maxSide)×\(maxSide) is allowed"))
        }
        guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            return .failure(ImageError("damaged or unknown image (\(reason))"))
        }
        return fromPixbuf(pixbuf, box: box)
    }

    /// Raw pixels as a D-Bus notification's `image-data` carries them: rows of RGB or RGBA,
    /// 8 bits per sample, `rowstride` bytes apart (the last row needs only its pixels). Every
    /// field is checked against the buffer before gdk-pixbuf sees it. Safe on any thread: it
    /// reads `image`'s bytes and nothing else of the daemon's (`PixelScaler` runs it off the loop).
    /// The corresponding C function is `gdk_pixbuf_new_from_data`.
    public static func fromPixels(_ image: RawImage, box: Int) -> Result<DecodedImage, ImageError> {
        let (width, height, rowstride, channels) = (image.width, image.height, image.rowstride, image.channels)
        guard image.bitsPerSample == 8 else { return .failure(ImageError("\(image.bitsPerSample) bits per sample; only 8 is supported")) }
        guard channels == (image.hasAlpha ? 4 : 3) else { return .failure(ImageError("\(channels) channels do not match the alpha flag")) }
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else {
            return .failure(ImageError("the image is \(width)×\(height) pixels; at most \(maxSide)×\(maxSide) is allowed"))
        }
        let bytes = image.pixels.buffer
        guard rowstride >= width * channels, rowstride <= Int(Int32.max), bytes.count >= rowstride * (height - 1) + width * channels,
              let base = bytes.baseAddress
        else {
            return .failure(ImageError("\(bytes.count) bytes do not cover \(height) rows \(rowstride) bytes apart"))
        }
        guard let pixbuf = gdk_pixbuf_new_from_data(base.assumingMemoryBound(to: UInt8.self), GDK_COLORSPACE_RGB, image.hasAlpha ? 1 : 0, 8,
                                                    Int32(width), Int32(height), Int32(rowstride), nil, nil)
        else { return .failure(ImageError("gdk-pixbuf refused the pixel buffer")) }
        // The pixbuf borrows the bytes, which `image` keeps alive until this returns.
        defer { xt_pixbuf_unref(UnsafeMutableRawPointer(pixbuf)) }
        return withExtendedLifetime(image) { fromPixbuf(pixbuf, box: box) }
    }

    /// Scales what the loader did not already scale (PNG, ICO, XPM decode at their own size)
    /// and converts to premultiplied BGRA. The corresponding C function is `gdk_pixbuf_scale_simple`.
    private static func fromPixbuf(_ source: OpaquePointer, box: Int) -> Result<DecodedImage, ImageError> {
        let sw = Int(gdk_pixbuf_get_width(source)), sh = Int(gdk_pixbuf_get_height(source))
        guard sw > 0, sh > 0, sw <= maxSide, sh <= maxSide else { return .failure(ImageError("the image has no pixels")) }
        let (w, h) = PixelScaler.fitted(width: sw, height: sh, in: max(1, min(box, maxSide)))
        var pixbuf = source
        var scaled: OpaquePointer?
        if w != sw || h != sh {
            scaled = gdk_pixbuf_scale_simple(source, Int32(w), Int32(h), GDK_INTERP_HYPER)
            guard let scaled else { return .failure(ImageError("out of memory scaling the image")) }
            pixbuf = scaled
        }
        defer { if let scaled { xt_pixbuf_unref(UnsafeMutableRawPointer(scaled)) } }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (alpha ? 4 : 3), stride >= w * channels,
              let data = gdk_pixbuf_read_pixels(pixbuf) else {
            return .failure(ImageError("unsupported pixel layout"))
        }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let s = y * stride + x * channels, d = (y * w + x) * 4
                pixels[d] = data[s + 2]
                pixels[d + 1] = data[s + 1]
                pixels[d + 2] = data[s]
                pixels[d + 3] = alpha ? data[s + 3] : 255
            }
        }
        PixelScaler.premultiply(&pixels)
        return .success(DecodedImage(width: w, height: h, pixels: pixels))
    }

    /// Pixels of a source larger than this (bytes) are not scaled on the loop: decoding at the
    /// size wanted takes their place, off the loop. 512×512: about 2 ms to average down.
    public static let maxScaledBytes = 512 * 512 * 4

    /// The image made to fit a `box`×`box` square from its own pixels, each new pixel the mean
    /// of the ones it covers (premultiplied, so the mean is right): a size the screen wants that
    /// was not decoded (the centre's 16 px header icon of a card's 48 px image) is drawn at once.
    public func fitted(in box: Int) -> DecodedImage {
        let (w, h) = PixelScaler.fitted(width: width, height: height, in: max(1, min(box, Self.maxSide)))
        if w == width && h == height { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let y0 = y * height / h, y1 = max(y0 + 1, (y + 1) * height / h)
            for x in 0..<w {
                let x0 = x * width / w, x1 = max(x0 + 1, (x + 1) * width / w)
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let i = (sy * width + sx) * 4
                        sum.0 += Int(pixels[i]); sum.1 += Int(pixels[i + 1]); sum.2 += Int(pixels[i + 2]); sum.3 += Int(pixels[i + 3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0), d = (y * w + x) * 4
                out[d] = UInt8(sum.0 / n); out[d + 1] = UInt8(sum.1 / n); out[d + 2] = UInt8(sum.2 / n); out[d + 3] = UInt8(sum.3 / n)
            }
        }
        return DecodedImage(width: w, height: h, pixels: out)
    }

    /// The same image with every pixel's colour replaced by `color`, keeping its coverage:
    /// how a `-symbolic` icon takes the colour of the text around it.
    public func tinted(_ color: RGBA) -> DecodedImage {
        var out = pixels
        for i in stride(from: 0, to: out.count - 3, by: 4) {
            let a = UInt32(out[i + 3])
            out[i] = UInt8((UInt32(color.b) * a + 127) / 255)
            out[i + 1] = UInt8((UInt32(color.g) * a + 127) / 255)
            out[i + 2] = UInt8((UInt32(color.r) * a + 127) / 255)
        }
        return DecodedImage(width: width, height: height, pixels: out)
    }

    /// The whole file, read without blocking (`BoundedFile`): only a regular file within the
    /// size limit, so a FIFO or device named as an icon cannot stall the decoder.
    static func readFile(_ path: String) -> Result<[UInt8], ImageError> {
        BoundedFile.read(path, maxBytes: maxFileBytes).mapError { ImageError($0.reason) }
    }

    private static func errnoText() -> String {
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// Why an image could not be used, phrased to follow "cannot read icon PATH: ".
public struct ImageError: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}
