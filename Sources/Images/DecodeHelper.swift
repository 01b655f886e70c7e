import Glibc

/// The decoder's side of `DecodeWorker`: `xtoastd --decode-image BOX SECONDS PATH` decodes one
/// image file in a process of its own and writes the pixels to its standard output.
///
/// It limits itself before it reads a byte of the file: `SECONDS` of CPU time (then SIGXCPU
/// ends it, should the daemon not have killed it first), `maxAddressSpace` of memory (an
/// allocation past it fails, and the decoder ends without an image), no core file and no file
/// written. Whatever the image does, the daemon's memory never holds the decoder's peak, and
/// the daemon kills the process at the budget.
///
/// What it writes (`Reply`): a byte 1, the width and height (UInt32, little-endian) and
/// `width × height × 4` bytes of premultiplied BGRA; or a byte 0 and the reason, UTF-8.
public enum DecodeHelper {
    /// The hidden argument that makes `xtoastd` a decoder instead of a daemon.
    public static let argument = "--decode-image"
    /// The address space a decode may map: the binary and its libraries take about 85 MiB of
    /// it before anything is decoded, a 4096 px PNG decoded and scaled about 130 MiB more; a
    /// 14 MB SVG of 190 000 shapes needs about 470 MiB resident, and is refused.
    static let maxAddressSpace: rlim_t = 512 << 20

    /// Runs one decode for `arguments` (after the hidden argument); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let box = Int(arguments[0]), box >= 1, box <= DecodedImage.maxSide,
              let seconds = Int(arguments[1]), seconds >= 1, seconds <= 120 else {
            write(Reply.failure("the decoder was started wrongly"))
            return 2
        }
        limit(RLIMIT_CPU, rlim_t(seconds), hard: rlim_t(seconds + 1))
        limit(RLIMIT_AS, maxAddressSpace)
        limit(RLIMIT_CORE, 0)
        limit(RLIMIT_FSIZE, 0)
        let result = DecodedImage.readFile(arguments[2]).flatMap { DecodedImage.decode($0, box: box) }
        write(Reply.encode(result))
        return 0
    }

    /// The corresponding C function is `setrlimit`.
    private static func limit(_ resource: __rlimit_resource, _ soft: rlim_t, hard: rlim_t? = nil) {
        var value = rlimit(rlim_cur: soft, rlim_max: hard ?? soft)
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &value)
    }

    /// Writes all of `bytes` to `fd`, standard output by default (blocking: the daemon reads
    /// as they come).
    static func write(_ bytes: [UInt8], to fd: Int32 = 1) {
        var offset = 0
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// The bytes a decoder sends back, and how the daemon reads them.
    enum Reply {
        /// Longer reasons are cut: a reason is a line in a reply.
        static let maxReasonBytes = 512

        static func encode(_ result: Result<DecodedImage, ImageError>) -> [UInt8] {
            switch result {
            case let .success(image):
                return [1] + le32(image.width) + le32(image.height) + image.pixels
            case let .failure(error):
                return failure(error.reason)
            }
        }

        static func failure(_ reason: String) -> [UInt8] { [0] + Array(reason.utf8.prefix(maxReasonBytes)) }

        /// How many bytes the whole reply takes, once `prefix` holds its header; nil while it
        /// does not yet (or for a failure, which runs to the end of the output). Sides past
        /// `box` are refused by `decode`.
        static func expectedLength(_ prefix: [UInt8]) -> Int? {
            guard prefix.first == 1, prefix.count >= 9 else { return nil }
            let w = read32(prefix, at: 1), h = read32(prefix, at: 5)
            guard w <= DecodedImage.maxSide, h <= DecodedImage.maxSide else { return 9 }
            return 9 + w * h * 4
        }

        /// The result in a complete reply; nil when the bytes are not one (the decoder died).
        static func decode(_ bytes: [UInt8], box: Int) -> Result<DecodedImage, ImageError>? {
            switch bytes.first {
            case 0:
                return .failure(ImageError(String(decoding: bytes.dropFirst().prefix(maxReasonBytes), as: UTF8.self)))
            case 1:
                guard bytes.count >= 9 else { return nil }
                let w = read32(bytes, at: 1), h = read32(bytes, at: 5)
                let side = max(1, min(box, DecodedImage.maxSide))
                guard w >= 1, h >= 1, w <= side, h <= side, bytes.count == 9 + w * h * 4 else { return nil }
                return .success(DecodedImage(width: w, height: h, pixels: Array(bytes[9...])))
            default:
                return nil
            }
        }

        private static func le32(_ value: Int) -> [UInt8] {
            let v = UInt32(clamping: value)
            return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }

        private static func read32(_ bytes: [UInt8], at offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
    }
}
