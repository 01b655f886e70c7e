/// One `Notify` call of the freedesktop Desktop Notifications interface, as read off the bus
/// and before anything is decided about it. The bus adapter fills it; everything that judges
/// it (`NotificationMapping`) is bus-free and unit-tested.
public struct NotifyCall: Equatable, Sendable {
    public var appName: String
    /// 0: a new notification; else the id of one to replace in place.
    public var replacesID: UInt32
    public var appIcon: String
    public var summary: String
    public var body: String
    /// Flat key, label, key, label… (at most `NotificationLimits.maxActionStrings` kept by the reader).
    public var actions: [String]
    public var hints: [String: HintValue]
    /// Milliseconds; -1 the server's default, 0 never.
    public var expireTimeout: Int32
    /// What the sender said each action key's button is for, where the call's own words say
    /// it (GNotification's and the portal's `purpose`); the freedesktop keys themselves
    /// (`accept`, `decline`…) are read by `ButtonPurpose(actionKey:)`.
    public var purposes: [String: ButtonPurpose] = [:]

    public init(appName: String = "", replacesID: UInt32 = 0, appIcon: String = "", summary: String = "",
                body: String = "", actions: [String] = [], hints: [String: HintValue] = [:], expireTimeout: Int32 = -1) {
        self.appName = appName
        self.replacesID = replacesID
        self.appIcon = appIcon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        self.expireTimeout = expireTimeout
    }
}

/// A hint's value, reduced to what the server can use. Every integer type arrives as `int`
/// (browsers send `urgency` as a uint32, notify-send as a byte).
public enum HintValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int(Int64)
    case string(String)
    case image(RawImage)
    /// An array of strings (`as`: `x-kde-urls`), at most `NotificationLimits.maxHintStrings`
    /// kept by the reader.
    case strings([String])
    /// A value the server does not read (its D-Bus signature), or an image that was refused
    /// while reading (why).
    case unusable(String)

    /// The value as an integer, for hints that may come as a byte or any integer type.
    public var integer: Int64? {
        switch self {
        case let .byte(b): Int64(b)
        case let .int(i): i
        default: nil
        }
    }

    public var string: String? { if case let .string(s) = self { s } else { nil } }

    public var bool: Bool? {
        switch self {
        case let .bool(b): b
        case let .byte(b): b != 0
        case let .int(i): i != 0
        default: nil
        }
    }
}

/// Raw pixels of an `image-data` hint (`(iiibiiay)`): rows of RGB or RGBA bytes, `rowstride`
/// apart (the last row needs only its pixels).
public struct RawImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rowstride: Int
    public var hasAlpha: Bool
    public var bitsPerSample: Int
    public var channels: Int
    public var pixels: PixelBytes

    public init(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, bitsPerSample: Int, channels: Int, pixels: PixelBytes) {
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
        self.bitsPerSample = bitsPerSample
        self.channels = channels
        self.pixels = pixels
    }

    public init(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, bitsPerSample: Int, channels: Int, bytes: [UInt8]) {
        self.init(width: width, height: height, rowstride: rowstride, hasAlpha: hasAlpha, bitsPerSample: bitsPerSample,
                  channels: channels, pixels: PixelBytes(bytes))
    }

    /// A copy of the bytes, for small images and tests.
    public var bytes: [UInt8] { Array(pixels.buffer) }

    /// How many bytes an image with this header needs, or why it is refused. Checked on the
    /// wire's 32-bit numbers before any of them becomes a size, and before the pixel bytes are
    /// copied off the message (a 100 MB array is refused without being read). `given` is the
    /// length of the message's byte array.
    ///
    /// Rows are `rowstride` bytes apart, and the last needs only its pixels: the bytes must
    /// cover `(height - 1) × rowstride + width × channels` (gdk-pixbuf's rule, which the
    /// specification's senders follow). Any padding is accepted; only the pixels are kept.
    public static func neededBytes(width: Int32, height: Int32, rowstride: Int32, hasAlpha: Bool, bitsPerSample: Int32,
                                   channels: Int32, given: Int) -> Result<Int, RequestError> {
        guard bitsPerSample == 8 else { return .failure(RequestError("image-data: \(bitsPerSample) bits per sample; only 8 is supported")) }
        guard channels == (hasAlpha ? 4 : 3) else { return .failure(RequestError("image-data: \(channels) channels do not match has_alpha")) }
        let side = Int32(NotificationLimits.maxImageSide)
        guard width > 0, height > 0, width <= side, height <= side else {
            return .failure(RequestError("image-data: \(width)x\(height) pixels; at most \(side)x\(side) is shown"))
        }
        let row = Int(width) * Int(channels)
        guard Int(rowstride) >= row else {
            return .failure(RequestError("image-data: rowstride \(rowstride) is shorter than a row of \(width) pixels of \(channels) bytes (\(row))"))
        }
        // At most 4095 × (2^31 - 1) + 16 Ki: no overflow.
        let needed = Int(rowstride) * (Int(height) - 1) + row
        guard given >= needed else {
            return .failure(RequestError("image-data: \(given) bytes do not cover \(height) rows \(rowstride) bytes apart"
                + " (\(height - 1) × \(rowstride) + \(row) for the last row = \(needed) bytes)"))
        }
        return .success(needed)
    }

    /// Copies the pixels of an image whose header passed `neededBytes` out of `data`, rows
    /// packed (rowstride = width × channels): padding, however wide, is never kept.
    public static func packed(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, channels: Int,
                              from data: UnsafeRawBufferPointer) -> RawImage {
        let row = width * channels
        let bytes = PixelBytes(count: row * height) { out in
            guard let to = out.baseAddress, let from = data.baseAddress else { return }
            for y in 0..<height where y * rowstride + row <= data.count {
                (to + y * row).copyMemory(from: from + y * rowstride, byteCount: row)
            }
        }
        return RawImage(width: width, height: height, rowstride: row, hasAlpha: hasAlpha, bitsPerSample: 8,
                        channels: channels, pixels: bytes)
    }
}

/// Limits of the notification server, named so the docs and the errors agree.
public enum NotificationLimits {
    /// Longer bodies are cut (with an ellipsis): a card shows a few lines, and a 3 MB body
    /// would only cost time to lay out.
    public static let maxBodyCharacters = 2000
    public static let maxSummaryCharacters = 200
    public static let maxAppNameCharacters = 64
    /// A string read off the bus is cut to this many bytes as it is read, before it is
    /// copied (a `Notify` may carry tens of megabytes in one string). Every limit of a string
    /// below is smaller, so a string cut here is refused or cut again by its own limit.
    public static let maxStringBytes = 16 * 1024
    /// `desktop-entry`, `category`, a stack tag and an action key are names, not text: a
    /// longer one is ignored (an action with a longer key is dropped). Icons (`app_icon`,
    /// `image-path`) are at most `ProtocolLimits.maxIconBytes`, as on the socket.
    public static let maxNameBytes = 255
    /// Action strings read off a call; the rest are skipped unread (1000 actions cost nothing).
    public static let maxActionStrings = 2 * 16
    /// Hints read off a call; the rest are skipped.
    public static let maxHints = 64
    /// Strings kept of one hint's array (`x-kde-urls`); the rest are skipped unread.
    public static let maxHintStrings = 16
    /// URLs of `x-kde-urls` shown as links on a card.
    public static let maxURLs = 4
    /// `x-kde-origin-name` (a web site, a phone, an account) and `x-kde-display-appname`
    /// are one short line each.
    public static let maxOriginCharacters = 128
    /// Live critical notifications from the bus. Critical toasts are never dropped and never
    /// expire, so past this many a new one is shown as normal urgency (it can then expire and
    /// overflow): a flood of critical calls cannot grow the board without bound.
    public static let maxLiveCritical = 16
    /// The largest image side accepted in `image-data` (gdk-pixbuf's limit for icons here).
    public static let maxImageSide = 4096
}
