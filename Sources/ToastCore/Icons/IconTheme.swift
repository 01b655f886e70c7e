/// One icon theme's `index.theme`, as far as finding a file of the right size needs it.
///
/// Follows the freedesktop Icon Theme Specification: the `[Icon Theme]` section names the
/// theme's subdirectories (`Directories=`, plus `ScaledDirectories=`) and its parents
/// (`Inherits=`); each subdirectory's own section gives its `Size`, `Scale`, `Type` and the
/// `MinSize`/`MaxSize`/`Threshold` that say which sizes it serves.
public struct IconTheme: Equatable, Sendable {
    /// How a subdirectory's icons may be sized (the spec's `Type=`).
    public enum SizeType: Equatable, Sendable {
        case fixed, scalable, threshold
    }

    /// One subdirectory such as `48x48/apps` or `16x16@2/apps`.
    public struct Directory: Equatable, Sendable {
        public var path: String
        public var size: Int
        public var scale: Int
        public var type: SizeType
        public var minSize: Int
        public var maxSize: Int
        public var threshold: Int

        public init(path: String, size: Int, scale: Int = 1, type: SizeType = .threshold,
                    minSize: Int? = nil, maxSize: Int? = nil, threshold: Int = 2) {
            self.path = path
            self.size = size
            self.scale = scale
            self.type = type
            self.minSize = minSize ?? size
            self.maxSize = maxSize ?? size
            self.threshold = threshold
        }

        /// The pixel size of the files in it.
        public var pixelSize: Int { size * scale }

        /// The spec's `DirectorySizeDistance`, in pixels: 0 when the directory serves `pixels`.
        ///
        /// xtoast scales the chosen image to the exact size, so it asks in device pixels with
        /// scale 1 and compares pixel sizes: a `24x24@2` directory serves a 48-pixel request.
        public func distance(to pixels: Int) -> Int {
            let (low, high): (Int, Int)
            switch type {
            case .fixed: (low, high) = (size, size)
            case .scalable: (low, high) = (minSize, maxSize)
            case .threshold: (low, high) = (size - threshold, size + threshold)
            }
            if pixels < low * scale { return low * scale - pixels }
            if pixels > high * scale { return pixels - high * scale }
            return 0
        }
    }

    public var inherits: [String]
    public var directories: [Directory]

    public init(inherits: [String] = [], directories: [Directory]) {
        self.inherits = inherits
        self.directories = directories
    }

    /// Parses `index.theme` text. Subdirectories without a valid `Size=` are left out (the spec
    /// requires it); unknown keys and sections are ignored.
    public init(indexTheme text: String) {
        var sections: [Substring: [Substring: Substring]] = [:]
        var current: Substring?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingBlanks()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = line.dropFirst().dropLast()
                continue
            }
            guard let section = current, let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingBlanks()
            // First occurrence wins, as in GLib's key files read by GTK.
            if sections[section]?[key] == nil {
                sections[section, default: [:]][key] = line[line.index(after: eq)...].trimmingBlanks()
            }
        }
        let header = sections["Icon Theme"] ?? [:]
        func list(_ key: Substring) -> [Substring] {
            (header[key] ?? "").split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        }
        inherits = list("Inherits").map(String.init)
        var seen = Set<Substring>()
        directories = (list("Directories") + list("ScaledDirectories")).compactMap { name in
            guard seen.insert(name).inserted, let keys = sections[name],
                  let size = keys["Size"].flatMap({ Int($0) }), size > 0 else { return nil }
            let type: SizeType = switch keys["Type"]?.lowercased() {
            case "fixed": .fixed
            case "scalable": .scalable
            default: .threshold
            }
            return Directory(path: String(name), size: size, scale: max(1, keys["Scale"].flatMap { Int($0) } ?? 1),
                             type: type, minSize: keys["MinSize"].flatMap { Int($0) },
                             maxSize: keys["MaxSize"].flatMap { Int($0) },
                             threshold: keys["Threshold"].flatMap { Int($0) } ?? 2)
        }
    }

    /// The subdirectories in the order to search them for a `pixels`-sized icon: those that
    /// serve the size first (spec distance), then the nearest pixel size, larger before smaller
    /// at equal distance (shrinking looks better than enlarging), then the theme's own order.
    public func directories(bestFirstFor pixels: Int) -> [Directory] {
        directories.enumerated().sorted { a, b in
            func key(_ d: Directory) -> (Int, Int, Int) {
                (d.distance(to: pixels), abs(d.pixelSize - pixels), d.pixelSize >= pixels ? 0 : 1)
            }
            let ka = key(a.element), kb = key(b.element)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }

    /// hicolor's usual layout, for systems where apps install into `hicolor/48x48/apps` but the
    /// `hicolor-icon-theme` package (its `index.theme`) is missing.
    public static let hicolorFallback = IconTheme(directories:
        [16, 22, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256, 512].flatMap { size in
            ["apps", "actions", "categories", "devices", "emblems", "mimetypes", "places", "status"].map {
                Directory(path: "\(size)x\(size)/\($0)", size: size)
            }
        })
}
