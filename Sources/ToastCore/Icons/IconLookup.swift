/// Turns `--icon`'s argument into the image file to draw: a path or `file://` URI as given, or
/// a freedesktop icon-theme name looked up like desktop applications do.
///
/// Pure: the file system comes in as closures, so the search order is unit-tested with a fake
/// one and the daemon passes real `stat`/`read` calls.
///
/// Each theme directory is tried for `NAME.png`, `NAME.svg` and `NAME.xpm` (the extensions the
/// specification names), so themes that ship only `scalable/` SVGs, such as Debian's Adwaita
/// symbolic icons, are found.
public struct IconLookup {
    /// The icon directories to search, in order: `$XDG_DATA_HOME/icons`, `~/.icons`,
    /// each `$XDG_DATA_DIRS/icons`, then `/usr/share/pixmaps`.
    public var baseDirectories: [String]
    /// The user's icon theme, searched (with its `Inherits=` chain) before `hicolor`.
    public var themeName: String?
    /// For `~` in paths; nil leaves `~` paths unresolvable.
    public var home: String?
    /// The directory relative paths are taken from; nil leaves them relative.
    public var workingDirectory: String?
    /// Whether a regular file exists at the path.
    public var fileExists: (String) -> Bool
    /// Whether a directory exists at the path: base directories without the theme are skipped
    /// rather than probed for each of its hundreds of subdirectories.
    public var directoryExists: (String) -> Bool
    /// The theme index at a path (an `index.theme`, parsed), nil when there is none.
    /// Injected so the daemon can keep parsed indexes: hicolor's has hundreds of sections.
    public var readIndex: (String) -> IconTheme?

    public init(baseDirectories: [String], themeName: String?, home: String?, workingDirectory: String? = nil,
                fileExists: @escaping (String) -> Bool, directoryExists: @escaping (String) -> Bool = { _ in true },
                readIndex: @escaping (String) -> IconTheme?) {
        self.baseDirectories = baseDirectories
        self.themeName = themeName
        self.home = home
        self.workingDirectory = workingDirectory
        self.fileExists = fileExists
        self.directoryExists = directoryExists
        self.readIndex = readIndex
    }

    /// What an argument resolved to.
    public enum Outcome: Equatable, Sendable {
        /// A file path (`~` expanded, made absolute when a working directory is known), not yet checked.
        case file(String)
        /// A theme icon's file, found in `theme` (`nil` for a bare file in a base directory such as pixmaps).
        case themed(path: String, theme: String?)
        /// No image of that name in any theme searched (listed) nor in the base directories.
        case notFound(name: String, themes: [String])
        /// The argument can be neither: empty, or a `~user` path.
        case invalid(String)
    }

    /// The search base directories from the XDG variables, with the spec's defaults.
    public static func baseDirectories(dataHome: String?, dataDirs: String?, home: String?) -> [String] {
        var dirs: [String] = []
        if let dataHome, dataHome.hasPrefix("/") {
            dirs.append(dataHome + "/icons")
        } else if let home {
            dirs.append(home + "/.local/share/icons")
        }
        if let home { dirs.append(home + "/.icons") }
        let shared = dataDirs.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        dirs += shared.split(separator: ":").filter { $0.hasPrefix("/") }.map { trimmingSlashes($0) + "/icons" }
        dirs.append("/usr/share/pixmaps")
        var seen = Set<String>()
        return dirs.filter { seen.insert($0).inserted }
    }

    /// `gtk-icon-theme-name` from a GTK `settings.ini`, the closest thing to the desktop's
    /// icon theme that can be read without an XSETTINGS client.
    public static func gtkIconThemeName(settingsINI text: String) -> String? {
        var inSettings = false
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingBlanks()
            if line.hasPrefix("[") { inSettings = line == "[Settings]"; continue }
            guard inSettings, let eq = line.firstIndex(of: "="),
                  line[..<eq].trimmingBlanks() == "gtk-icon-theme-name" else { continue }
            var value = line[line.index(after: eq)...].trimmingBlanks()
            if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// Resolves `spec`: with a `/` or a leading `~` it is a path, otherwise an icon name looked
    /// up for `pixelSize` device pixels in the user's theme, its parents, `hicolor`, then as
    /// `NAME.png`, `.svg` or `.xpm` directly in each base directory (`/usr/share/pixmaps`).
    public func resolve(_ spec: String, pixelSize: Int) -> Outcome {
        if spec.isEmpty { return .invalid("the icon is empty") }
        if spec.hasPrefix("file://") {
            // A URI as D-Bus senders give it: a local absolute path, percent-encoded.
            let rest = spec.dropFirst("file://".count)
            guard rest.hasPrefix("/"), let path = Self.percentDecoded(rest) else {
                return .invalid("\(spec) is not a local file URI")
            }
            return .file(path)
        }
        if spec.hasPrefix("~") || spec.contains("/") { return path(spec) }
        if spec == "." || spec == ".." { return .invalid("\"\(spec)\" is not an icon name") }
        var searched: [String] = []
        for (theme, index) in themeChain() {
            searched.append(theme)
            let bases = baseDirectories.filter { directoryExists("\($0)/\(theme)") }
            for dir in index.directories(bestFirstFor: max(1, pixelSize)) {
                for base in bases {
                    for ext in Self.extensions {
                        let candidate = "\(base)/\(theme)/\(dir.path)/\(spec).\(ext)"
                        if fileExists(candidate) { return .themed(path: candidate, theme: theme) }
                    }
                }
            }
        }
        for base in baseDirectories {
            for ext in Self.extensions {
                let candidate = "\(base)/\(spec).\(ext)"
                if fileExists(candidate) { return .themed(path: candidate, theme: nil) }
            }
        }
        return .notFound(name: spec, themes: searched)
    }

    /// File extensions tried in theme directories, in the specification's order.
    public static let extensions = ["png", "svg", "xpm"]

    /// The theme searched after the user's (and its parents) when it does not have an icon:
    /// GNOME's, which most applications' icon names are drawn from.
    public static let defaultTheme = "Adwaita"

    /// `%2F`-style escapes decoded; nil when an escape is malformed or the result is not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private func path(_ spec: String) -> Outcome {
        var path = spec
        if spec == "~" || spec.hasPrefix("~/") {
            guard let home else { return .invalid("cannot expand ~ in \(spec): HOME is not set") }
            path = IconLookup.trimmingSlashes(Substring(home)) + spec.dropFirst()
        } else if spec.hasPrefix("~") {
            return .invalid("cannot expand \(spec.prefix { $0 != "/" }) (only ~/ is supported)")
        }
        if !path.hasPrefix("/"), let workingDirectory {
            path = IconLookup.trimmingSlashes(Substring(workingDirectory)) + "/" + path
        }
        return .file(path)
    }

    /// The user's theme, its `Inherits=` chain depth-first (as the spec's `FindIconHelper`
    /// walks it), then Adwaita, then `hicolor`; each theme once, and only themes that have an `index.theme`.
    func themeChain() -> [(name: String, index: IconTheme)] {
        var chain: [(name: String, index: IconTheme)] = []
        var visited = Set<String>()
        func visit(_ name: String, depth: Int) {
            guard depth < 16, IconLookup.isThemeName(name), visited.insert(name).inserted,
                  let index = index(of: name) else { return }
            chain.append((name, index))
            for parent in index.inherits { visit(parent, depth: depth + 1) }
        }
        if let themeName { visit(themeName, depth: 0) }
        visit(Self.defaultTheme, depth: 0)
        visit("hicolor", depth: 0)
        return chain
    }

    /// The theme's `index.theme` from the first base directory that has one (the spec's rule),
    /// or hicolor's standard layout when hicolor has none.
    func index(of theme: String) -> IconTheme? {
        for base in baseDirectories {
            if let index = readIndex("\(base)/\(theme)/index.theme") { return index }
        }
        return theme == "hicolor" ? .hicolorFallback : nil
    }

    /// A theme name is one directory name: anything else could point the search elsewhere.
    /// At most `maxThemeNameBytes`: a directory's name cannot be longer, and a settings daemon
    /// naming a megabyte-long theme must not cost a megabyte per lookup.
    static func isThemeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxThemeNameBytes && !name.contains("/") && name != "." && name != ".."
    }

    /// The longest theme name looked for (`NAME_MAX`).
    public static let maxThemeNameBytes = 255

    static func trimmingSlashes(_ s: Substring) -> String {
        var s = s
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s == "/" ? "" : String(s)
    }
}
