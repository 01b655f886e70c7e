/// What a notification takes from its application's `.desktop` file (the `desktop-entry`
/// hint): the application's name and icon, and how to start it for an action
/// (`org.gtk.Notifications`): whether the bus starts it, else its `Exec` line.
///
/// Pure: `directories` and `fileName(of:)` say where to look, the caller reads (the daemon's
/// `DesktopEntryIndex`), `parse` reads the text.
public struct DesktopEntry: Equatable, Sendable {
    public var name: String?
    public var icon: String?
    /// `Exec`, as written (field codes and quoting are `DesktopExec`'s).
    public var exec: String?
    /// `DBusActivatable=true`: the bus starts the application to receive a call.
    public var dbusActivatable = false

    public init(name: String? = nil, icon: String? = nil, exec: String? = nil, dbusActivatable: Bool = false) {
        self.name = name
        self.icon = icon
        self.exec = exec
        self.dbusActivatable = dbusActivatable
    }

    /// The most of a `.desktop` file that is read; real ones are a few KiB.
    public static let maxBytes = 64 * 1024

    /// The `[Desktop Entry]` group's unlocalised `Name`, `Icon` and `Exec` (the first of
    /// each) and `DBusActivatable`.
    public static func parse(_ text: String) -> DesktopEntry {
        var entry = DesktopEntry()
        var inGroup = false
        // `isNewline`: CRLF is one Character in Swift, so splitting on "\n" alone would miss it.
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingBlanks()
            if line.hasPrefix("[") {
                inGroup = line == "[Desktop Entry]"
                continue
            }
            guard inGroup, let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingBlanks(), value = String(line[line.index(after: eq)...].trimmingBlanks())
            guard !value.isEmpty else { continue }
            if key == "Name", entry.name == nil { entry.name = value }
            if key == "Icon", entry.icon == nil { entry.icon = value }
            if key == "Exec", entry.exec == nil { entry.exec = value }
            if key == "DBusActivatable" { entry.dbusActivatable = value == "true" }
        }
        return entry
    }

    /// The `applications` directories, in the XDG order: the user's, then each of `$XDG_DATA_DIRS`.
    public static func directories(_ environment: IconEnvironment) -> [String] {
        var dirs: [String] = []
        if let dataHome = environment.dataHome { dirs.append(dataHome) } else if let home = environment.home { dirs.append(home + "/.local/share") }
        dirs += (environment.dataDirs ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        return dirs.map { $0 + "/applications" }
    }

    /// The file name `id` (with or without `.desktop`) stands for; nil for an id that could
    /// name a file elsewhere (a slash, a leading dot), is empty or longer than a file name.
    public static func fileName(of id: String) -> String? {
        let base = id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id
        guard !base.isEmpty, base.count <= 255, !base.contains("/"), !base.hasPrefix(".") else { return nil }
        return base + ".desktop"
    }
}
