import Glibc
import ToastCore

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

/// Turns `--icon`'s argument into the image file a card draws, once, when the toast arrives.
///
/// Looks names up in the icon themes (`IconLookup`, with this process's environment), then
/// loads the file into the painter's `ImageCache`, so the paint that follows cannot fail.
/// Parsed `index.theme` files are kept (re-read when they change on disk): hicolor's alone has
/// hundreds of sections, and the daemon must not stall on every toast with an icon.
public final class IconResolver {
    let images: ImageCache
    /// The desktop's icon theme as it says now (XSETTINGS `Net/IconThemeName`), or nil.
    let desktopTheme: () -> String?
    private var indexes: [String: (stamp: FileStamp, theme: IconTheme?)] = [:]

    public init(images: ImageCache, desktopTheme: @escaping () -> String? = { nil }) {
        self.images = images
        self.desktopTheme = desktopTheme
    }

    /// The path to put in `CardComposer.Appearance.iconImage`, or the warning to send back.
    ///
    /// The user's theme is `$XTOAST_ICON_THEME`, else the desktop's `Net/IconThemeName`
    /// (XSETTINGS), else `gtk-icon-theme-name` from GTK 3's `settings.ini`; after it (and its parents) come Adwaita and `hicolor`. A `-symbolic` icon is
    /// decoded again at paint time in the card's text colour. Relative paths are taken from `workingDirectory`
    /// (the sender's, when it says), else left to the daemon's own.
    public func resolveIcon(_ spec: String, pixelSize: Int, workingDirectory: String? = nil) -> Result<String, IconError> {
        var environment = IconEnvironment.current
        if environment.themeOverride == nil, let desktop = desktopTheme(), !desktop.isEmpty { environment.themeOverride = desktop }
        let lookup = environment.lookup(workingDirectory: workingDirectory, readIndex: index(at:))
        let path: String
        switch lookup.resolve(spec, pixelSize: pixelSize) {
        case let .file(p), let .themed(p, _): path = p
        case let .notFound(name, themes): return .failure(.notFound(name: name, themes: themes, directories: lookup.baseDirectories))
        case let .invalid(reason): return .failure(.invalid(reason))
        }
        if let reason = images.prepare(path, size: pixelSize) { return .failure(.unreadable(path: path, reason: reason)) }
        return .success(path)
    }

    /// The parsed `index.theme` at `path`, from the cache while the file is unchanged.
    private func index(at path: String) -> IconTheme? {
        let stamp = FileStamp(path)
        if let cached = indexes[path], cached.stamp == stamp { return cached.theme }
        let theme = IconEnvironment.readText(path).map(IconTheme.init(indexTheme:))
        indexes[path] = (stamp, theme)
        return theme
    }
}

/// The environment an icon lookup runs in, read from the process: `HOME`, the XDG base
/// directories, the icon theme, and the real file system behind `IconLookup`'s closures.
struct IconEnvironment {
    var home: String?
    var dataHome: String?
    var dataDirs: String?
    var configHome: String?
    var configDirs: String?
    /// `$XTOAST_ICON_THEME`, or the desktop's XSETTINGS theme when that is unset.
    var themeOverride: String?

    /// Read now rather than once: a few `getenv` calls cost nothing next to the lookup.
    /// The corresponding C functions are `getenv` and `getpwuid`.
    static var current: IconEnvironment {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let home = env("HOME") ?? getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
        return IconEnvironment(home: home, dataHome: env("XDG_DATA_HOME"), dataDirs: env("XDG_DATA_DIRS"),
                               configHome: env("XDG_CONFIG_HOME"), configDirs: env("XDG_CONFIG_DIRS"),
                               themeOverride: env("XTOAST_ICON_THEME"))
    }

    func lookup(workingDirectory: String?, readIndex: @escaping (String) -> IconTheme?) -> IconLookup {
        IconLookup(baseDirectories: IconLookup.baseDirectories(dataHome: dataHome, dataDirs: dataDirs, home: home),
                   themeName: themeName(), home: home, workingDirectory: workingDirectory,
                   fileExists: IconEnvironment.isRegularFile, directoryExists: IconEnvironment.isDirectory,
                   readIndex: readIndex)
    }

    /// `$XTOAST_ICON_THEME`, else the first GTK 3 `settings.ini` naming a theme: the user's
    /// (`$XDG_CONFIG_HOME`), then each of `$XDG_CONFIG_DIRS`, then `/etc/gtk-3.0`.
    func themeName() -> String? {
        if let themeOverride { return themeOverride }
        var dirs: [String] = []
        if let configHome { dirs.append(configHome) } else if let home { dirs.append(home + "/.config") }
        dirs += (configDirs ?? "/etc/xdg").split(separator: ":").map(String.init)
        dirs.append("/etc")
        for dir in dirs {
            if let text = IconEnvironment.readText(dir + "/gtk-3.0/settings.ini"),
               let name = IconLookup.gtkIconThemeName(settingsINI: text) { return name }
        }
        return nil
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
    /// The corresponding C functions are `open`, `read` and `close`.
    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let limit = 1 << 20
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk.prefix(n)
        }
        return nil
    }
}
