import CX11
import ToastCore
import Transport

/// A PNG file decoded to 8-bit BGRA with premultiplied alpha: the byte order of an ARGB32
/// XRender picture on a little-endian client, ready to scale and upload.
///
/// Decoded with libpng's simplified API (`png_image_begin_read_from_memory`,
/// `png_image_finish_read`), which converts every PNG colour type, bit depth and gamma to sRGB.
/// The file is read whole first (by `BoundedFile`: a regular file within `maxFileBytes`) so size
/// limits, the signature and the error messages are ours: libpng itself says only "Read Error"
/// for anything that is not a PNG.
struct PNGImage {
    /// Larger files are refused before reading: an icon never needs this much.
    static let maxFileBytes = 16 << 20
    /// Larger images are refused before decoding, which bounds memory at 4 MiB per image.
    static let maxDimension = 1024

    let width: Int
    let height: Int
    /// `width * height * 4` bytes, rows packed, B G R A, premultiplied.
    let pixels: [UInt8]

    /// Reads and decodes `path`; on failure, a reason fit to follow "cannot read icon PATH: ".
    static func load(_ path: String) -> Result<PNGImage, PNGError> {
        let bytes: [UInt8]
        switch BoundedFile.read(path, maxBytes: maxFileBytes) {
        case let .success(b): bytes = b
        case let .failure(e): return .failure(PNGError(e.reason))
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else {
            let head = String(decoding: bytes.prefix(256), as: UTF8.self)
            return .failure(PNGError(head.contains("<svg") ? "SVG is not supported, only PNG" : "not a PNG file"))
        }
        return decode(bytes)
    }

    /// The decoding proper. The corresponding C functions are `png_image_begin_read_from_memory`,
    /// `png_image_finish_read` and `png_image_free`.
    private static func decode(_ bytes: [UInt8]) -> Result<PNGImage, PNGError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return .failure(PNGError("damaged PNG file (libpng: \(message(image)))")) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= maxDimension, height <= maxDimension else {
            return .failure(PNGError("the image is \(width)×\(height) pixels; at most \(maxDimension)×\(maxDimension) is allowed"))
        }
        image.format = UInt32(PNG_FORMAT_BGRA)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        guard finished != 0 else { return .failure(PNGError("damaged PNG file (libpng: \(message(image)))")) }
        PixelScaler.premultiply(&pixels)
        return .success(PNGImage(width: width, height: height, pixels: pixels))
    }

    /// libpng's message buffer (`char message[64]`, imported as a tuple) as a String.
    private static func message(_ image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown error" : text
        }
    }
}

/// Why a PNG file could not be used, phrased to follow "cannot read icon PATH: ".
struct PNGError: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
