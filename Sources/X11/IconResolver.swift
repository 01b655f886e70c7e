import Glibc
import ToastCore
import Transport

/// Why `--icon` cannot be shown. Never fatal: the toast is shown with its kind's icon, and the
/// description is the warning to pass back to the sender.
enum IconError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name found in no theme. `themes` are those searched, `directories` the base directories.
    case notFound(name: String, themes: [String], directories: [String])
    /// A file (given, or found in a theme) that cannot be drawn.
    case unreadable(path: String, reason: String)
    /// An argument that is neither a usable path nor an icon name.
    case invalid(String)

    var description: String {
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

/// Turns `--icon`'s argument into the image file a card draws, once, when the toast arrives.
///
/// Looks names up in the icon themes (`IconLookup`, set up by `IconEnvironment` from this
/// process's environment), then loads the file into the painter's `ImageCache`, so the paint
/// that follows cannot fail.
/// Parsed `index.theme` files are kept (re-read when they change on disk): hicolor's alone has
/// hundreds of sections, and the daemon must not stall on every toast with an icon.
final class IconResolver {
    let images: ImageCache
    /// The desktop's icon theme as it says now (XSETTINGS `Net/IconThemeName`), or nil.
    let desktopTheme: () -> String?
    private var indexes: [String: (stamp: FileStamp, theme: IconTheme?)] = [:]

    init(images: ImageCache, desktopTheme: @escaping () -> String? = { nil }) {
        self.images = images
        self.desktopTheme = desktopTheme
    }

    /// The path to put in `CardComposer.Appearance.iconImage`, or the warning to send back.
    ///
    /// The theme is chosen by `IconEnvironment.themeName`: `$XTOAST_ICON_THEME`, else the
    /// desktop's `Net/IconThemeName` (XSETTINGS), else GTK 3's `settings.ini`; after it (and
    /// its parents) come Adwaita and `hicolor`. A `-symbolic` icon is decoded again at paint
    /// time in the card's text colour. Relative paths are taken from `workingDirectory` (the
    /// sender's, when it says), else left to the daemon's own.
    func resolveIcon(_ spec: String, pixelSize: Int, workingDirectory: String? = nil) -> Result<String, IconError> {
        var environment = IconFileSystem.environment()
        if environment.themeOverride == nil, let desktop = desktopTheme(), !desktop.isEmpty { environment.themeOverride = desktop }
        let lookup = environment.lookup(
            workingDirectory: workingDirectory, fileExists: IconFileSystem.isRegularFile,
            directoryExists: IconFileSystem.isDirectory, readIndex: index(at:), readText: IconFileSystem.readText)
        let path: String
        switch lookup.resolve(spec, pixelSize: pixelSize) {
        case let .file(p), let .themed(p, _): path = p
        case let .notFound(name, themes): return .failure(.notFound(name: name, themes: themes, directories: lookup.baseDirectories))
        case let .invalid(reason): return .failure(.invalid(reason))
        }
        if case let .failed(reason) = images.prepare(path, size: pixelSize) { return .failure(.unreadable(path: path, reason: reason)) }
        return .success(path)
    }

    /// The parsed `index.theme` at `path`, from the cache while the file is unchanged.
    private func index(at path: String) -> IconTheme? {
        let stamp = FileStamp(path)
        if let cached = indexes[path], cached.stamp == stamp { return cached.theme }
        let theme = IconFileSystem.readText(path).map(IconTheme.init(indexTheme:))
        indexes[path] = (stamp, theme)
        return theme
    }
}

/// The real process and file system behind `IconEnvironment` and `IconLookup`'s closures:
/// the policy (which theme, which directories) is ToastCore's.
enum IconFileSystem {
    /// This process's environment, read now rather than once: a few `getenv` calls cost
    /// nothing next to the lookup. Without `HOME`, the password database's home directory.
    /// The corresponding C functions are `getenv` and `getpwuid`.
    static func environment() -> IconEnvironment {
        var environment = IconEnvironment { getenv($0).map { String(cString: $0) } }
        if environment.home == nil {
            environment.home = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
        }
        return environment
    }

    /// The corresponding C function is `stat`.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The corresponding C function is `stat`.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A text file of at most 1 MiB (an `index.theme` or `settings.ini`); nil otherwise.
    static func readText(_ path: String) -> String? {
        guard case let .success(bytes) = BoundedFile.read(path, maxBytes: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
