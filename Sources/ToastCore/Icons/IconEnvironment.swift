/// Which icon theme and which directories an icon lookup uses, decided from the values of
/// `HOME`, the XDG base directory variables and `XTOAST_ICON_THEME`.
///
/// Pure: the caller reads the process environment and passes the values in, and the files
/// (GTK's `settings.ini`) come in as a closure, so the policy is unit-tested without a home
/// directory and the X11 layer keeps only what loads pixels.
///
///     let environment = IconEnvironment(variable: Environment.get)   // Transport's getenv
///     let lookup = environment.lookup(workingDirectory: nil, fileExists: isFile,
///                                     directoryExists: isDirectory, readIndex: index, readText: read)
public struct IconEnvironment: Equatable, Sendable {
    public var home: String?
    public var dataHome: String?
    public var dataDirs: String?
    public var configHome: String?
    public var configDirs: String?
    /// `$XTOAST_ICON_THEME`: the user's word beats the desktop's settings.
    public var themeOverride: String?

    public init(home: String? = nil, dataHome: String? = nil, dataDirs: String? = nil,
                configHome: String? = nil, configDirs: String? = nil, themeOverride: String? = nil) {
        self.home = home
        self.dataHome = dataHome
        self.dataDirs = dataDirs
        self.configHome = configHome
        self.configDirs = configDirs
        self.themeOverride = themeOverride
    }

    /// The values of the variables `variable` returns (the process's `getenv`, or a test's
    /// dictionary). An empty value counts as unset, as the XDG Base Directory spec says.
    public init(variable: (String) -> String?) {
        func value(_ name: String) -> String? { variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        self.init(home: value("HOME"), dataHome: value("XDG_DATA_HOME"), dataDirs: value("XDG_DATA_DIRS"),
                  configHome: value("XDG_CONFIG_HOME"), configDirs: value("XDG_CONFIG_DIRS"),
                  themeOverride: value("XTOAST_ICON_THEME"))
    }

    /// The icon directories to search (see `IconLookup.baseDirectories`), with Flatpak's
    /// exported icons before `pixmaps` when `XDG_DATA_DIRS` does not name them already (a
    /// daemon started outside a login shell misses Flatpak's profile script): a Flatpak app's
    /// notification names its icon by the app's id, and only those folders hold it.
    public var baseDirectories: [String] {
        var dirs = IconLookup.baseDirectories(dataHome: dataHome, dataDirs: dataDirs, home: home)
        let exports = flatpakExports.filter { !dirs.contains($0) }
        dirs.insert(contentsOf: exports, at: dirs.lastIndex(of: "/usr/share/pixmaps") ?? dirs.endIndex)
        return dirs
    }

    /// Where Flatpak exports installed apps' icons: the user's installation, then the system's.
    public var flatpakExports: [String] {
        let userData = dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.local/share" }
        return (userData.map { [$0 + "/flatpak/exports/share/icons"] } ?? []) + ["/var/lib/flatpak/exports/share/icons"]
    }

    /// GTK 3's `settings.ini` files in the order GTK gives them precedence: the user's
    /// (`$XDG_CONFIG_HOME`, else `~/.config`), each of `$XDG_CONFIG_DIRS` (else `/etc/xdg`),
    /// then `/etc`.
    public var gtkSettingsFiles: [String] {
        var dirs: [String] = []
        if let configHome { dirs.append(configHome) } else if let home { dirs.append(home + "/.config") }
        dirs += (configDirs ?? "/etc/xdg").split(separator: ":").map(String.init)
        dirs.append("/etc")
        return dirs.map { $0 + "/gtk-3.0/settings.ini" }
    }

    /// `$XTOAST_ICON_THEME`, else the theme the first `gtkSettingsFiles` entry to name one
    /// names (the desktop's `Net/IconThemeName` XSETTING would need an XSETTINGS client);
    /// nil leaves only `hicolor`. `readText` returns a file's contents, nil when unreadable.
    public func themeName(readText: (String) -> String?) -> String? {
        if let themeOverride { return themeOverride }
        for file in gtkSettingsFiles {
            if let text = readText(file), let name = IconLookup.gtkIconThemeName(settingsINI: text) { return name }
        }
        return nil
    }

    /// An `IconLookup` over these directories and this theme, with the file system behind the closures.
    public func lookup(workingDirectory: String?, fileExists: @escaping (String) -> Bool,
                       directoryExists: @escaping (String) -> Bool, readIndex: @escaping (String) -> IconTheme?,
                       readText: (String) -> String?) -> IconLookup {
        IconLookup(baseDirectories: baseDirectories, themeName: themeName(readText: readText), home: home,
                   workingDirectory: workingDirectory, fileExists: fileExists, directoryExists: directoryExists,
                   readIndex: readIndex)
    }
}
