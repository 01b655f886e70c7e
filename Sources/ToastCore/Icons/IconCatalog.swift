/// What icon lookup asks of the file system. The daemon's answers with `stat`, `readdir` and
/// bounded reads; a test's counts the calls.
public protocol IconFiles {
    /// The kind and version of what is at `path`; nil when nothing is.
    func stamp(_ path: String) -> IconFileStamp?
    /// The names in the directory at `path` (files and links; subdirectories may be left out);
    /// nil when it cannot be listed.
    func list(_ directory: String) -> [String]?
    /// A small text file's contents (an `index.theme`); nil when unreadable.
    func readText(_ path: String) -> String?
}

/// What `stat` says of a path: its kind, and its identity and version (equal stamps of a
/// directory mean the same entries, as far as its modification time tells).
public struct IconFileStamp: Equatable, Sendable {
    public var isDirectory: Bool
    public var isRegularFile: Bool
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Nanoseconds since the epoch.
    public var modified: Int64

    public init(isDirectory: Bool, isRegularFile: Bool, device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0, modified: Int64 = 0) {
        self.isDirectory = isDirectory
        self.isRegularFile = isRegularFile
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

/// What icon lookups have learnt of the icon directories, kept between toasts so a lookup
/// costs a few dozen `stat` calls instead of thousands.
///
/// - Each directory of a theme is listed once (`readdir`) and remembered as a set of name
///   hashes; a candidate file is a set lookup, and only a hit is confirmed with `stat`. An
///   unknown name, which probed every size directory of every theme (2,271 `stat` calls on
///   Debian's Adwaita and hicolor), then costs none of them.
/// - A theme directory (`BASE/THEME`) and each base directory is `stat`ed once per lookup:
///   when its modification time changes (an installer adds an icon and, as GTK expects,
///   touches the theme or rewrites its `icon-theme.cache`), what was listed under it is
///   forgotten and listed again. A file added deep inside a theme without that is found after
///   the theme directory next changes, as with GTK.
/// - Names found nowhere are remembered (`maxMisses`), until any directory changes.
/// - Every name in the folders a lookup searches is kept as one set of hashes (the union of
///   their listings): a name in none of them is not there, decided by a hash lookup. A client
///   naming a new icon (or a new `desktop-entry`, whose name is its icon) on every call made
///   each lookup walk every size folder of every theme: 9 ms of the loop each in a debug build.
/// - Parsed `index.theme` files are kept (hicolor's has hundreds of sections), at most
///   `maxIndexes`, least recently used first out, re-read when they change: a settings
///   daemon that names a new theme before every toast cannot grow the cache.
///
/// Pure: the file system comes in as `IconFiles`.
public final class IconCatalog {
    /// Parsed (or missing) `index.theme` files kept: a user theme, Adwaita and hicolor found,
    /// plus the base directories where they are not.
    public static let maxIndexes = 16
    /// Name hashes kept across all listed directories (8 bytes each, about 1.5 MiB in all);
    /// past it, directories are no longer listed and candidates are `stat`ed one by one.
    public static let maxListedNames = 200_000
    /// Directories remembered (listed, or known to be missing); past it, all are forgotten.
    public static let maxDirectories = 8192
    public static let maxMisses = 256

    private let files: IconFiles
    /// Bumped per lookup: a stamp taken in this lookup is not taken again.
    private var turn: UInt64 = 0
    private var indexes: [String: (stamp: IconFileStamp?, theme: IconTheme?, lastUse: UInt64, checked: UInt64)] = [:]
    /// Theme and base directories' stamps, checked once per lookup.
    private var stamps: [String: (stamp: IconFileStamp?, checked: UInt64)] = [:]
    /// Listed directories: the hashes of their names; nil for one that cannot be listed.
    private var listings: [String: Set<UInt64>?] = [:]
    private var listedNames = 0
    private var misses: [MissKey: IconLookup.Outcome] = [:]
    /// The union of the listings of every folder the last lookup's themes and bases search, by
    /// those themes and bases; nil once any folder changed.
    private var allNames: (key: NamesKey, hashes: Set<UInt64>)?
    /// Candidate files looked for in listings (for tests: a name in no folder costs none).
    private(set) var probes = 0

    private struct NamesKey: Equatable {
        var themes: [String]
        var bases: [String]
    }

    private struct MissKey: Hashable {
        var spec: String
        var pixelSize: Int
        var themes: [String]
        var bases: [String]
    }

    public init(files: IconFiles) { self.files = files }

    /// How many parsed `index.theme` files are kept (for tests: at most `maxIndexes`).
    public var indexCount: Int { indexes.count }

    /// `lookup.resolve`, through what is remembered. `lookup` is one made by `lookup(_:)`.
    public func resolve(_ spec: String, pixelSize: Int, with lookup: IconLookup) -> IconLookup.Outcome {
        turn &+= 1
        guard IconLookup.isThemeName(spec), !spec.hasPrefix("~"), !spec.hasPrefix("file://") else {
            return lookup.resolve(spec, pixelSize: pixelSize)
        }
        let themes = lookup.themeChain()
        let chain = themes.map(\.name)
        // What changed since the last lookup is forgotten before anything remembered is used.
        for base in lookup.baseDirectories {
            _ = check(base)
            for theme in chain { _ = check("\(base)/\(theme)") }
        }
        let key = MissKey(spec: spec, pixelSize: pixelSize, themes: chain, bases: lookup.baseDirectories)
        if let miss = misses[key] { return miss }
        let outcome = isListedNowhere(spec, themes: themes, bases: lookup.baseDirectories)
            ? .notFound(name: spec, themes: chain) : lookup.resolve(spec, pixelSize: pixelSize)
        if case .notFound = outcome {
            if misses.count >= Self.maxMisses { misses.removeAll() }
            misses[key] = outcome
        }
        return outcome
    }

    /// `base` with this catalog behind its file-system closures.
    public func lookup(_ base: IconLookup) -> IconLookup {
        var lookup = base
        lookup.readIndex = { [unowned self] in self.index(at: $0) }
        lookup.directoryExists = { [unowned self] in self.check($0)?.isDirectory ?? false }
        lookup.fileExists = { [unowned self] in self.fileExists($0) }
        return lookup
    }

    /// The parsed `index.theme` at `path`, re-read when its stamp changed.
    func index(at path: String) -> IconTheme? {
        if let cached = indexes[path], cached.checked == turn {
            indexes[path]?.lastUse = turn
            return cached.theme
        }
        let stamp = files.stamp(path)
        if let cached = indexes[path], cached.stamp == stamp {
            indexes[path]?.lastUse = turn
            indexes[path]?.checked = turn
            return cached.theme
        }
        let theme = stamp?.isRegularFile == true ? files.readText(path).map(IconTheme.init(indexTheme:)) : nil
        if indexes[path]?.theme != theme { allNames = nil }
        indexes[path] = (stamp, theme, turn, turn)
        while indexes.count > Self.maxIndexes, let oldest = indexes.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            indexes[oldest.key] = nil
        }
        return theme
    }

    /// The stamp of a theme or base directory, taken once per lookup; a changed one forgets
    /// the listings beneath it and every remembered miss.
    private func check(_ directory: String) -> IconFileStamp? {
        if let known = stamps[directory], known.checked == turn { return known.stamp }
        let stamp = files.stamp(directory)
        if let known = stamps[directory], known.stamp != stamp {
            forget(under: directory)
        }
        if stamps.count >= Self.maxDirectories, stamps[directory] == nil { stamps.removeAll() }
        stamps[directory] = (stamp, turn)
        return stamp
    }

    /// Whether no folder `themes` and `bases` search lists `spec` with an icon's extension
    /// (false when that cannot be told: the folders are past `maxListedNames`).
    private func isListedNowhere(_ spec: String, themes: [(name: String, index: IconTheme)], bases: [String]) -> Bool {
        let key = NamesKey(themes: themes.map(\.name), bases: bases)
        if allNames?.key != key {
            allNames = nil
            var hashes = Set<UInt64>()
            var folders = bases
            for (theme, index) in themes {
                for base in bases where check("\(base)/\(theme)")?.isDirectory == true {
                    folders += index.directories.map { "\(base)/\(theme)/\($0.path)" }
                }
            }
            for folder in folders {
                guard let listed = listing(folder) else { return false }
                if let listed { hashes.formUnion(listed) }
            }
            allNames = (key, hashes)
        }
        guard let names = allNames?.hashes else { return false }
        return !IconLookup.extensions.contains { names.contains(Self.hash("\(spec).\($0)")) }
    }

    private func forget(under directory: String) {
        allNames = nil
        misses.removeAll()
        for (path, names) in listings where path == directory || path.hasPrefix(directory + "/") {
            listedNames -= names?.count ?? 0
            listings[path] = nil
        }
    }

    /// Whether a candidate file exists: its directory listed once, a hit confirmed by `stat`.
    private func fileExists(_ path: String) -> Bool {
        probes += 1
        guard let slash = path.lastIndex(of: "/") else { return files.stamp(path)?.isRegularFile == true }
        let directory = String(path[..<slash]), name = path[path.index(after: slash)...]
        guard let names = listing(directory) else { return files.stamp(path)?.isRegularFile == true }
        guard let names, names.contains(Self.hash(name)) else { return false }
        return files.stamp(path)?.isRegularFile == true
    }

    /// The hashes of a directory's names, listed once (nil inside: it cannot be listed); nil
    /// when no more names may be kept (`maxListedNames`).
    private func listing(_ directory: String) -> Set<UInt64>?? {
        if let listed = listings[directory] { return .some(listed) }
        guard listedNames < Self.maxListedNames else { return nil }
        if listings.count >= Self.maxDirectories { forgetListings() }
        let listed = files.list(directory).map { Set($0.prefix(Self.maxListedNames - listedNames).map(Self.hash)) }
        listings[directory] = .some(listed)
        listedNames += listed?.count ?? 0
        return .some(listed)
    }

    private func forgetListings() {
        allNames = nil
        listings.removeAll()
        listedNames = 0
        misses.removeAll()
    }

    /// FNV-1a over the name's bytes: stable, and a collision costs only a confirming `stat`.
    static func hash<S: StringProtocol>(_ name: S) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}
