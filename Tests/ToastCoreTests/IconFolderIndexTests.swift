import Testing
@testable import ToastCore

/// Issue 43, finding 6: every icon lookup took about 20 folder stamps and read GTK's
/// `settings.ini`, on the loop. The folder index does all of that once, off the loop.
@Suite struct IconFolderIndexTests {
    /// The environment `bases` come from, with a user's GTK settings naming a theme.
    static let environment = IconEnvironment(home: "/home/u", dataDirs: "/usr/share", configHome: "/home/u/.config")

    /// hicolor, and a Papirus that inherits it, chosen by GTK's `settings.ini`.
    static func themes() -> CountingFiles {
        let fs = hicolor()
        fs.texts["/home/u/.config/gtk-3.0/settings.ini"] = "[Settings]\ngtk-icon-theme-name=Papirus\n"
        fs.texts["/usr/share/icons/Papirus/index.theme"] = "[Icon Theme]\nInherits=hicolor\nDirectories=48x48/apps\n\n[48x48/apps]\nSize=48\n"
        fs.files.insert("/usr/share/icons/Papirus/48x48/apps/mail.svg")
        fs.files.insert("/usr/share/pixmaps/oldapp.xpm")
        return fs
    }

    @Test("issue 43: once the folders are indexed, 1,000 never-seen names and 1,000 known ones touch no file (no folder stamp, no settings.ini), and answer as the catalog does")
    func lookupsTouchNoFile() {
        let fs = Self.themes()
        let catalog = IconCatalog(files: fs)
        let viaCatalog = catalog.lookup(Self.environment.lookup(workingDirectory: nil, fileExists: { _ in false },
            directoryExists: { _ in false }, readIndex: { _ in nil }, readText: fs.readText))
        let names = ["mail", "gimp", "oldapp", "org.invented", "./a.png", "~/b.png"]
        let expected = names.map { catalog.resolve($0, pixelSize: 48, with: viaCatalog) }
        #expect(expected[0] == .themed(path: "/usr/share/icons/Papirus/48x48/apps/mail.svg", theme: "Papirus"))
        let index = IconFolderIndex.build(.init(environment: Self.environment, desktopTheme: nil), files: fs)
        #expect(index.isComplete)
        fs.stats = 0; fs.lists = 0; fs.reads = 0
        for (name, outcome) in zip(names, expected) {
            #expect(index.resolve(name, pixelSize: 48, workingDirectory: nil) == outcome, "\(name)")
        }
        for i in 0..<1000 {
            let name = "org.invented\(i)"
            #expect(index.resolve(name, pixelSize: 48, workingDirectory: nil) == .notFound(name: name, themes: ["Papirus", "hicolor"]))
            #expect(index.resolve(i % 2 == 0 ? "mail" : "gimp", pixelSize: 16 + i % 64, workingDirectory: nil) != .notFound(name: i % 2 == 0 ? "mail" : "gimp", themes: ["Papirus", "hicolor"]))
        }
        #expect(fs.calls == 0, "\(fs.stats) stats, \(fs.lists) listings, \(fs.reads) reads for 2,006 lookups")
    }

    @Test("the desktop's theme beats settings.ini, and the user's XTOAST_ICON_THEME beats both; the folders to watch are those listed")
    func themeChoice() {
        let fs = Self.themes()
        let desktop = IconFolderIndex.build(.init(environment: Self.environment, desktopTheme: "hicolor"), files: fs)
        #expect(desktop.resolve("mail", pixelSize: 48, workingDirectory: nil) == .notFound(name: "mail", themes: ["hicolor"]))
        var environment = Self.environment
        environment.themeOverride = "Papirus"
        let user = IconFolderIndex.build(.init(environment: environment, desktopTheme: "hicolor"), files: fs)
        #expect(user.resolve("mail", pixelSize: 48, workingDirectory: nil) == .themed(path: "/usr/share/icons/Papirus/48x48/apps/mail.svg", theme: "Papirus"))
        #expect(user.folders.contains("/usr/share/icons/Papirus") && user.folders.contains("/usr/share/icons/hicolor/48x48/apps"))
        #expect(!user.folders.contains("/home/u/.icons"), "a folder that is not there is not watched")
        #expect(user.folders.contains("/home/u/.config/gtk-3.0"), "nor is settings.ini read per lookup: its folder is watched")
    }
}
