/// Every folder the icon lookup searches, listed once, off the loop, so that a lookup is a
/// few hash lookups and touches no file: a client naming a new icon (or a new `desktop-entry`,
/// whose name is its icon) on every call cannot make the loop walk the themes, and no folder
/// stamp nor GTK's `settings.ini` is read per toast (issue 43, finding 6).
///
/// Built for one `Key` (the environment and the desktop's theme): the theme is chosen, GTK's
/// `settings.ini` read and each `index.theme` of the chain parsed at build time; then each
/// size folder of each theme in each base directory, and the base directories themselves,
/// are listed as sets of name hashes. A daemon keeps it in a `BackgroundIndex`, which builds
/// it again when `folders` change. A lookup for another key, or over themes past
/// `IconCatalog.maxListedNames` names (`isComplete` false), goes through `IconCatalog`.
///
///     let index = IconFolderIndex.build(key, files: SystemIconFiles())   // on a thread
///     index.resolve("mail-unread", pixelSize: 48, workingDirectory: nil)  // on the loop
///
/// Pure: the file system comes in as `IconFiles`, and only `build` uses it.
public struct IconFolderIndex: Sendable {
    /// What an index is built for.
    public struct Key: Equatable, Sendable {
        public var environment: IconEnvironment
        /// The desktop's icon theme (XSETTINGS `Net/IconThemeName`), already checked as a
        /// theme name; it beats `settings.ini` but not `$XTOAST_ICON_THEME`.
        public var desktopTheme: String?

        public init(environment: IconEnvironment, desktopTheme: String?) {
            self.environment = environment
            self.desktopTheme = desktopTheme
        }
    }

    public let key: Key
    /// False when the folders held more names than are kept: lookups then go elsewhere.
    public let isComplete: Bool
    /// The folders whose changes make the index stale: the base directories, the theme
    /// directories (where an installer touches `icon-theme.cache` or `index.theme`), every
    /// size folder listed, and GTK's `gtk-3.0` folders (its `settings.ini` may name another theme).
    public let folders: [String]
    public var baseDirectories: [String] { key.environment.baseDirectories }
    private let themeName: String?
    private let indexes: [String: IconTheme]
    private let themeDirectories: Set<String>
    private let listings: [String: Set<UInt64>]
    /// The union of `listings`: a name in none of them is decided by one hash lookup.
    private let allNames: Set<UInt64>
    private let chain: [String]

    /// Chooses the theme, parses the chain's `index.theme` files and lists every folder a
    /// lookup searches. Slow (thousands of names): call it off the loop.
    public static func build(_ key: Key, files: IconFiles) -> IconFolderIndex {
        var environment = key.environment
        if environment.themeOverride == nil, let desktop = key.desktopTheme { environment.themeOverride = desktop }
        let themeName = environment.themeName(readText: files.readText)
        let bases = environment.baseDirectories
        var indexes: [String: IconTheme] = [:]
        let reader = IconLookup(baseDirectories: bases, themeName: themeName, home: environment.home,
                                fileExists: { _ in false }, readIndex: { path in
            guard files.stamp(path)?.isRegularFile == true, let text = files.readText(path) else { return nil }
            let theme = IconTheme(indexTheme: text)
            indexes[path] = theme
            return theme
        })
        let chain = reader.themeChain()
        var themeDirectories = Set<String>()
        var folders = bases
        for (theme, index) in chain {
            for base in bases where files.stamp("\(base)/\(theme)")?.isDirectory == true {
                themeDirectories.insert("\(base)/\(theme)")
                folders.append("\(base)/\(theme)")
                folders += index.directories.map { "\(base)/\(theme)/\($0.path)" }
            }
        }
        var listings: [String: Set<UInt64>] = [:], allNames = Set<UInt64>(), listed = 0, complete = true
        for folder in folders where listings[folder] == nil {
            guard let names = files.list(folder) else { continue }
            listed += names.count
            guard listed <= IconCatalog.maxListedNames else { complete = false; break }
            let hashes = Set(names.map(IconCatalog.hash))
            listings[folder] = hashes
            allNames.formUnion(hashes)
        }
        // GTK's settings folders too: a theme chosen there is read here only.
        let settings = environment.gtkSettingsFiles.map { String($0.dropLast("/settings.ini".count)) }
        return IconFolderIndex(key: key, isComplete: complete, folders: folders.filter { listings[$0] != nil } + settings,
                               themeName: themeName, indexes: indexes, themeDirectories: themeDirectories,
                               listings: listings, allNames: allNames, chain: chain.map(\.name))
    }

    private init(key: Key, isComplete: Bool, folders: [String], themeName: String?, indexes: [String: IconTheme],
                 themeDirectories: Set<String>, listings: [String: Set<UInt64>], allNames: Set<UInt64>, chain: [String]) {
        self.key = key
        self.isComplete = isComplete
        self.folders = folders
        self.themeName = themeName
        self.indexes = indexes
        self.themeDirectories = themeDirectories
        self.listings = listings
        self.allNames = allNames
        self.chain = chain
    }

    /// What `IconLookup.resolve` finds in the folders as they were at build time, with no file
    /// system access. A found file is not confirmed with `stat`: one removed since is
    /// noticed by the next build, and an unreadable one is reported when it is loaded.
    public func resolve(_ spec: String, pixelSize: Int, workingDirectory: String?) -> IconLookup.Outcome {
        if IconLookup.isThemeName(spec), !spec.hasPrefix("~"), !spec.hasPrefix("file://"),
           !IconLookup.extensions.contains(where: { allNames.contains(IconCatalog.hash("\(spec).\($0)")) }) {
            return .notFound(name: spec, themes: chain)
        }
        let lookup = IconLookup(baseDirectories: baseDirectories, themeName: themeName, home: key.environment.home,
                                workingDirectory: workingDirectory, fileExists: isListed,
                                directoryExists: themeDirectories.contains, readIndex: { indexes[$0] })
        return lookup.resolve(spec, pixelSize: pixelSize)
    }

    /// Whether the file's folder listed its name at build time.
    private func isListed(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return false }
        return listings[String(path[..<slash])]?.contains(IconCatalog.hash(path[path.index(after: slash)...])) ?? false
    }
}
