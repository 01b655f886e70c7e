import ToastCore
import Transport

/// Why `--icon` cannot be shown. Never fatal: the toast is shown with its kind's icon, and the
/// description is the warning to pass back to the sender.
public enum IconError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name found in no theme. `themes` are those searched, `directories` the base directories.
    case notFound(name: String, themes: [String], directories: [String])
    /// A file (given, or found in a theme) that cannot be drawn.
    case unreadable(path: String, reason: String)
    /// An argument that is neither a usable path nor an icon name.
    case invalid(String)

    public var description: String {
        switch self {
        case let .notFound(name, themes, directories):
            let hint = [".png", ".svg", ".jpg", ".jpeg", ".xpm", ".ico"].contains { name.hasSuffix($0) }
                ? "; a file needs a path with a /, such as ./\(name)" : ""
            let themeList = themes.isEmpty ? "no icon theme" : "icon theme" + (themes.count > 1 ? "s " : " ") + themes.joined(separator: ", ")
            return "icon \"\(name)\" not found in \(themeList) (looked in: \(directories.joined(separator: ", ")))\(hint); showing the kind's icon"
        case let .unreadable(path, reason):
            return "cannot read icon \(path): \(reason); showing the kind's icon"
        case let .invalid(reason):
            return "bad icon: \(reason); showing the kind's icon"
        }
    }
}

/// Turns `--icon`'s argument into the image file a card draws, once, when the toast arrives
/// (the painter then loads that file, so the paint that follows cannot fail).
///
/// Looks names up in the icon themes (`IconLookup`, set up by `IconEnvironment` from this
/// process's environment).
/// Names are looked up in `IconFolders.shared`, the themes' folders indexed off the loop: no
/// file is touched per lookup. Until that index is built for this environment and desktop
/// theme, what the lookups learn of the icon directories is kept in an `IconCatalog`,
/// bounded, so the daemon does not stall on every toast with an icon nor grow with every
/// theme a settings daemon names.
public final class IconResolver {
    /// The desktop's icon theme as it says now (XSETTINGS `Net/IconThemeName`), or nil.
    let desktopTheme: () -> String?
    private let catalog = IconCatalog(files: SystemIconFiles())
    private let folders: BackgroundIndex<IconFolderIndex.Key, IconFolderIndex>
    /// The key the folders were last asked to build for: asked once per change, not per lookup.
    private var requested: IconFolderIndex.Key?

    public init(desktopTheme: @escaping () -> String? = { nil },
                folders: BackgroundIndex<IconFolderIndex.Key, IconFolderIndex> = IconFolders.shared) {
        self.desktopTheme = desktopTheme
        self.folders = folders
    }

    /// The file `spec` names, for `CardComposer.Appearance.iconImage` once it is loaded, or
    /// the warning to send back.
    ///
    /// The theme is chosen by `IconEnvironment.themeName`: `$XTOAST_ICON_THEME`, else the
    /// desktop's `Net/IconThemeName` (XSETTINGS), else GTK 3's `settings.ini`; after it (and
    /// its parents) come Adwaita and `hicolor`. A `-symbolic` icon is decoded again at paint
    /// time in the card's text colour. Relative paths are taken from `workingDirectory` (the
    /// sender's, when it says), else left to the daemon's own.
    public func resolveIcon(_ spec: String, pixelSize: Int, workingDirectory: String? = nil) -> Result<String, IconError> {
        var environment = IconFileSystem.environment()
        let desktop = desktopTheme().flatMap { !$0.isEmpty && $0.utf8.count <= IconLookup.maxThemeNameBytes ? $0 : nil }
        let key = IconFolderIndex.Key(environment: environment, desktopTheme: desktop)
        let outcome: IconLookup.Outcome
        if let index = folders.current, index.key == key, index.isComplete {
            outcome = index.resolve(spec, pixelSize: pixelSize, workingDirectory: workingDirectory)
        } else {
            if requested != key, folders.current?.key != key {
                requested = key
                folders.refresh(key)
            }
            if environment.themeOverride == nil, let desktop { environment.themeOverride = desktop }
            let lookup = catalog.lookup(environment.lookup(
                workingDirectory: workingDirectory, fileExists: { _ in false }, directoryExists: { _ in false },
                readIndex: { _ in nil }, readText: IconFileSystem.readText))
            outcome = catalog.resolve(spec, pixelSize: pixelSize, with: lookup)
        }
        switch outcome {
        case let .file(path), let .themed(path, _): return .success(path)
        case let .notFound(name, themes): return .failure(.notFound(name: name, themes: themes, directories: environment.baseDirectories))
        case let .invalid(reason): return .failure(.invalid(reason))
        }
    }
}
