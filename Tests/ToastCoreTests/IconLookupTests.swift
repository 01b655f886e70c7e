import Testing
import ToastCore

/// A file system of paths: PNG files that exist, and text files (`index.theme`) with contents.
private struct FakeFS {
    var files: Set<String> = []
    var texts: [String: String] = [:]

    func lookup(theme: String? = nil, home: String? = "/home/u", cwd: String? = nil,
                bases: [String] = ["/home/u/.local/share/icons", "/home/u/.icons", "/usr/share/icons", "/usr/share/pixmaps"]) -> IconLookup {
        IconLookup(baseDirectories: bases, themeName: theme, home: home, workingDirectory: cwd,
                   fileExists: { files.contains($0) },
                   directoryExists: { dir in files.contains { $0.hasPrefix(dir + "/") } }, readIndex: { texts[$0].map(IconTheme.init(indexTheme:)) })
    }
}

private let hicolorIndex = """
    [Icon Theme]
    Name=Hicolor
    Directories=16x16/apps,24x24/apps,32x32/apps,48x48/apps,64x64/apps,256x256/apps,scalable/apps,
    ScaledDirectories=24x24@2/apps

    [16x16/apps]
    Size=16
    Type=Threshold

    [24x24/apps]
    Size=24

    [24x24@2/apps]
    Size=24
    Scale=2

    [32x32/apps]
    Size=32
    Type=Fixed

    [48x48/apps]
    Size=48

    [64x64/apps]
    Size=64

    [256x256/apps]
    Size=256

    [scalable/apps]
    Size=16
    MinSize=8
    MaxSize=512
    Type=Scalable
    """

@Suite struct IconLookupTests {
    @Test func pathsAreTakenAsGiven() {
        let l = FakeFS().lookup()
        #expect(l.resolve("/tmp/x.png", pixelSize: 48) == .file("/tmp/x.png"))
        #expect(l.resolve("~/pics/a.png", pixelSize: 48) == .file("/home/u/pics/a.png"))
        #expect(l.resolve("./a.png", pixelSize: 48) == .file("./a.png"))
        #expect(FakeFS().lookup(cwd: "/work/").resolve("img/a.png", pixelSize: 48) == .file("/work/img/a.png"))
        #expect(FakeFS().lookup(cwd: "/work").resolve("/abs.png", pixelSize: 48) == .file("/abs.png"))
    }

    @Test func tildeNeedsHomeAndOnlyMeansTheUser() {
        guard case .invalid = FakeFS().lookup(home: nil).resolve("~/a.png", pixelSize: 48) else { Issue.record(); return }
        guard case .invalid = FakeFS().lookup().resolve("~bob/a.png", pixelSize: 48) else { Issue.record(); return }
        guard case .invalid = FakeFS().lookup().resolve("", pixelSize: 48) else { Issue.record(); return }
    }

    @Test func exactSizeInHicolor() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        for size in ["16x16", "48x48", "256x256"] { fs.files.insert("/usr/share/icons/hicolor/\(size)/apps/gvim.png") }
        #expect(fs.lookup().resolve("gvim", pixelSize: 48) == .themed(path: "/usr/share/icons/hicolor/48x48/apps/gvim.png", theme: "hicolor"))
        #expect(fs.lookup().resolve("gvim", pixelSize: 16) == .themed(path: "/usr/share/icons/hicolor/16x16/apps/gvim.png", theme: "hicolor"))
    }

    @Test func nearestSizePrefersLarger() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.files = ["/usr/share/icons/hicolor/32x32/apps/a.png", "/usr/share/icons/hicolor/64x64/apps/a.png"]
        // 48 is 16 from both: the larger one shrinks better.
        #expect(fs.lookup().resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/hicolor/64x64/apps/a.png", theme: "hicolor"))
        #expect(fs.lookup().resolve("a", pixelSize: 40) == .themed(path: "/usr/share/icons/hicolor/32x32/apps/a.png", theme: "hicolor"))
        // Within 48's threshold (46...50) the 48 directory serves the size; Fixed 32 only 32.
        fs.files.insert("/usr/share/icons/hicolor/48x48/apps/a.png")
        #expect(fs.lookup().resolve("a", pixelSize: 50) == .themed(path: "/usr/share/icons/hicolor/48x48/apps/a.png", theme: "hicolor"))
    }

    @Test func scaledDirectoriesCountInPixels() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.files = ["/usr/share/icons/hicolor/24x24/apps/a.png", "/usr/share/icons/hicolor/24x24@2/apps/a.png",
                    "/usr/share/icons/hicolor/256x256/apps/a.png"]
        #expect(fs.lookup().resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/hicolor/24x24@2/apps/a.png", theme: "hicolor"))
    }

    @Test func scalableSVGIsFound() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.files = ["/usr/share/icons/hicolor/scalable/apps/a.svg"]
        #expect(fs.lookup().resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/hicolor/scalable/apps/a.svg", theme: "hicolor"))
    }

    @Test func adwaitaComesBeforeHicolorWithoutAUserTheme() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.texts["/usr/share/icons/Adwaita/index.theme"] = "[Icon Theme]\nInherits=hicolor\nDirectories=scalable/status\n\n[scalable/status]\nSize=16\nMinSize=8\nMaxSize=512\nType=Scalable\n"
        fs.files = ["/usr/share/icons/Adwaita/scalable/status/dialog-warning-symbolic.svg"]
        #expect(fs.lookup().resolve("dialog-warning-symbolic", pixelSize: 20)
            == .themed(path: "/usr/share/icons/Adwaita/scalable/status/dialog-warning-symbolic.svg", theme: "Adwaita"))
    }

    @Test func fileURIsArePercentDecodedPaths() {
        let l = FakeFS().lookup()
        #expect(l.resolve("file:///tmp/my%20icon.png", pixelSize: 48) == .file("/tmp/my icon.png"))
        guard case .invalid = l.resolve("file://host/x.png", pixelSize: 48) else { Issue.record(); return }
        guard case .invalid = l.resolve("file:///a%2", pixelSize: 48) else { Issue.record(); return }
        guard case .invalid = l.resolve("file:///a%00b", pixelSize: 48) else { Issue.record(); return }
    }

    @Test func userThemeThenParentsThenHicolor() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.texts["/usr/share/icons/Mine/index.theme"] = "[Icon Theme]\nInherits=Base\nDirectories=48x48/apps\n[48x48/apps]\nSize=48\n"
        fs.texts["/usr/share/icons/Base/index.theme"] = "[Icon Theme]\nInherits=hicolor\nDirectories=64x64/apps\n[64x64/apps]\nSize=64\nType=Fixed\n"
        fs.files = ["/usr/share/icons/hicolor/48x48/apps/a.png", "/usr/share/icons/Base/64x64/apps/a.png"]
        // The parent theme's 64 beats hicolor's exact 48: themes are searched in order.
        #expect(fs.lookup(theme: "Mine").resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/Base/64x64/apps/a.png", theme: "Base"))
        fs.files.insert("/usr/share/icons/Mine/48x48/apps/a.png")
        #expect(fs.lookup(theme: "Mine").resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/Mine/48x48/apps/a.png", theme: "Mine"))
        #expect(fs.lookup(theme: "Mine").resolve("b", pixelSize: 48) == .notFound(name: "b", themes: ["Mine", "Base", "hicolor"]))
    }

    @Test func themeFilesInAnyBaseDirectory() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/hicolor/index.theme"] = hicolorIndex
        fs.files = ["/home/u/.local/share/icons/hicolor/48x48/apps/mine.png"]
        #expect(fs.lookup().resolve("mine", pixelSize: 48) == .themed(path: "/home/u/.local/share/icons/hicolor/48x48/apps/mine.png", theme: "hicolor"))
    }

    @Test func missingAndCyclicThemesAreHarmless() {
        var fs = FakeFS()
        fs.texts["/usr/share/icons/A/index.theme"] = "[Icon Theme]\nInherits=B\nDirectories=\n"
        fs.texts["/usr/share/icons/B/index.theme"] = "[Icon Theme]\nInherits=A,../etc,Nope\nDirectories=\n"
        fs.files = ["/usr/share/icons/hicolor/48x48/apps/a.png"]
        // No hicolor index.theme: its standard layout is assumed.
        #expect(fs.lookup(theme: "A").resolve("a", pixelSize: 48) == .themed(path: "/usr/share/icons/hicolor/48x48/apps/a.png", theme: "hicolor"))
        #expect(fs.lookup(theme: "Gone").resolve("z", pixelSize: 48) == .notFound(name: "z", themes: ["hicolor"]))
        #expect(fs.lookup(theme: "../x").resolve("z", pixelSize: 48) == .notFound(name: "z", themes: ["hicolor"]))
    }

    @Test func pixmapsLast() {
        var fs = FakeFS()
        fs.files = ["/usr/share/pixmaps/debian-logo.png"]
        #expect(fs.lookup().resolve("debian-logo", pixelSize: 48) == .themed(path: "/usr/share/pixmaps/debian-logo.png", theme: nil))
    }

    @Test func baseDirectoriesFromEnvironment() {
        #expect(IconLookup.baseDirectories(dataHome: nil, dataDirs: nil, home: "/home/u") ==
            ["/home/u/.local/share/icons", "/home/u/.icons", "/usr/local/share/icons", "/usr/share/icons", "/usr/share/pixmaps"])
        #expect(IconLookup.baseDirectories(dataHome: "/d", dataDirs: "/a/:relative:/usr/share", home: nil) ==
            ["/d/icons", "/a/icons", "/usr/share/icons", "/usr/share/pixmaps"])
    }

    @Test func gtkSettings() {
        #expect(IconLookup.gtkIconThemeName(settingsINI: "[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = \"Papirus-Dark\"\n") == "Papirus-Dark")
        #expect(IconLookup.gtkIconThemeName(settingsINI: "[Other]\ngtk-icon-theme-name=X\n") == nil)
        #expect(IconLookup.gtkIconThemeName(settingsINI: "[Settings]\ngtk-icon-theme-name=\n") == nil)
    }

    @Test func indexThemeParsing() {
        let theme = IconTheme(indexTheme: hicolorIndex)
        #expect(theme.directories.count == 8)
        #expect(theme.directories.first { $0.path == "24x24@2/apps" }?.pixelSize == 48)
        let scalable = theme.directories.first { $0.path == "scalable/apps" }
        #expect(scalable?.type == .scalable && scalable?.distance(to: 600) == 88 && scalable?.distance(to: 100) == 0)
        let fixed = theme.directories.first { $0.path == "32x32/apps" }
        #expect(fixed?.distance(to: 33) == 1)
        let threshold = theme.directories.first { $0.path == "48x48/apps" }
        #expect(threshold?.distance(to: 50) == 0 && threshold?.distance(to: 51) == 1 && threshold?.distance(to: 40) == 6)
        #expect(theme.directories(bestFirstFor: 48).prefix(2).map(\.path) == ["48x48/apps", "24x24@2/apps"])
    }
}

@Suite struct PixelScalerTests {
    @Test func premultiply() {
        var p: [UInt8] = [200, 100, 50, 128, 10, 20, 30, 255, 99, 99, 99, 0]
        PixelScaler.premultiply(&p)
        #expect(p == [100, 50, 25, 128, 10, 20, 30, 255, 0, 0, 0, 0])
    }

    @Test func fitKeepsAspect() {
        #expect(PixelScaler.fitted(width: 100, height: 50, in: 48) == (48, 24))
        #expect(PixelScaler.fitted(width: 10, height: 40, in: 48) == (12, 48))
        #expect(PixelScaler.fitted(width: 1000, height: 1, in: 48) == (48, 1))
    }
}
