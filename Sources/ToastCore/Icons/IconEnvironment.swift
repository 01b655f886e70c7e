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

    /// The icon directories to search (see `IconLookup.baseDirectories`).
    public var baseDirectories: [String] {
        IconLookup.baseDirectories(dataHome: dataHome, dataDirs: dataDirs, home: home)
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
