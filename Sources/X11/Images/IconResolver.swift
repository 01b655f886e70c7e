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
/// What the lookups learn of the icon directories (listings, parsed `index.theme` files,
/// misses) is kept in an `IconCatalog`, bounded, so the daemon does not stall on every toast
/// with an icon nor grow with every theme a settings daemon names.
final class IconResolver {
    let images: ImageCache
    /// The desktop's icon theme as it says now (XSETTINGS `Net/IconThemeName`), or nil.
    let desktopTheme: () -> String?
    private let catalog = IconCatalog(files: SystemIconFiles())

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
        if environment.themeOverride == nil, let desktop = desktopTheme(), !desktop.isEmpty,
           desktop.utf8.count <= IconLookup.maxThemeNameBytes {
            environment.themeOverride = desktop
        }
        let lookup = catalog.lookup(environment.lookup(
            workingDirectory: workingDirectory, fileExists: { _ in false }, directoryExists: { _ in false },
            readIndex: { _ in nil }, readText: IconFileSystem.readText))
        let path: String
        switch catalog.resolve(spec, pixelSize: pixelSize, with: lookup) {
        case let .file(p), let .themed(p, _): path = p
        case let .notFound(name, themes): return .failure(.notFound(name: name, themes: themes, directories: lookup.baseDirectories))
        case let .invalid(reason): return .failure(.invalid(reason))
        }
        if case let .failed(reason) = images.prepare(path, size: pixelSize) { return .failure(.unreadable(path: path, reason: reason)) }
        return .success(path)
    }
}

/// The real file system behind `IconCatalog`.
/// The corresponding C functions are `stat`, `opendir` and `readdir`.
struct SystemIconFiles: IconFiles {
    func stamp(_ path: String) -> IconFileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        return IconFileStamp(isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG, device: UInt64(info.st_dev),
                             inode: UInt64(info.st_ino), size: Int64(info.st_size),
                             modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec))
    }

    func list(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Subdirectories are never icons; links and unknown kinds may be.
            if entry.pointee.d_type == UInt8(DT_DIR) { continue }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            names.append(name)
        }
        return names
    }

    func readText(_ path: String) -> String? { IconFileSystem.readText(path) }
}

/// The real process environment and text files behind `IconEnvironment`: the policy (which
/// theme, which directories) is ToastCore's.
enum IconFileSystem {
    /// This process's environment, read now rather than once: a few `getenv` calls cost
    /// nothing next to the lookup. Without `HOME`, the password database's home directory.
    /// The corresponding C functions are `getenv` and `getpwuid`.
    static func environment() -> IconEnvironment {
        var environment = IconEnvironment(variable: Environment.get)
        if environment.home == nil {
            environment.home = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
        }
        return environment
    }

    /// A text file of at most 1 MiB (an `index.theme` or `settings.ini`); nil otherwise.
    static func readText(_ path: String) -> String? {
        guard case let .success(bytes) = BoundedFile.read(path, maxBytes: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
