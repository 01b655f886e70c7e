import Testing
@testable import ToastCore

/// A file system of directories, files and texts that counts what it is asked.
final class CountingFiles: IconFiles {
    var files: Set<String> = [] { didSet { known = nil } }
    var texts: [String: String] = [:] { didSet { known = nil } }
    private var known: Set<String>?
    /// Bumped to say a directory's entries changed (its modification time).
    var versions: [String: Int64] = [:]
    var stats = 0, lists = 0, reads = 0

    private var directories: Set<String> {
        if let known { return known }
        var dirs = Set<String>()
        for path in files.union(texts.keys) {
            var p = Substring(path)
            while let slash = p.lastIndex(of: "/"), slash != p.startIndex {
                p = p[..<slash]
                dirs.insert(String(p))
            }
        }
        known = dirs
        return dirs
    }

    func stamp(_ path: String) -> IconFileStamp? {
        stats += 1
        if files.contains(path) || texts[path] != nil { return IconFileStamp(isDirectory: false, isRegularFile: true) }
        if directories.contains(path) { return IconFileStamp(isDirectory: true, isRegularFile: false, modified: versions[path] ?? 0) }
        return nil
    }

    func list(_ directory: String) -> [String]? {
        lists += 1
        guard directories.contains(directory) else { return nil }
        return files.union(texts.keys).filter { $0.hasPrefix(directory + "/") && !$0.dropFirst(directory.count + 1).contains("/") }
            .map { String($0.dropFirst(directory.count + 1)) }
    }

    func readText(_ path: String) -> String? {
        reads += 1
        return texts[path]
    }

    var calls: Int { stats + lists + reads }
}

let bases = ["/home/u/.local/share/icons", "/home/u/.icons", "/usr/share/icons", "/usr/share/pixmaps"]

/// A hicolor of 40 size directories, each with a few icons: an unknown name probed 40 × 3
/// candidates per base before.
func hicolor() -> CountingFiles {
    let fs = CountingFiles()
    let sizes = (1...40).map { "\($0 * 8)x\($0 * 8)/apps" }
    fs.texts["/usr/share/icons/hicolor/index.theme"] = "[Icon Theme]\nDirectories=\(sizes.joined(separator: ","))\n\n"
        + sizes.enumerated().map { "[\($1)]\nSize=\(($0 + 1) * 8)\n" }.joined(separator: "\n")
    for size in sizes { fs.files.insert("/usr/share/icons/hicolor/\(size)/gimp.png") }
    return fs
}

private func lookup(_ catalog: IconCatalog, theme: String? = nil) -> IconLookup {
    catalog.lookup(IconLookup(baseDirectories: bases, themeName: theme, home: "/home/u", fileExists: { _ in false },
                              readIndex: { _ in nil }))
}

@Suite struct IconCatalogTests {
    @Test("an unknown name costs a few stat calls once the theme is listed, not one per candidate")
    func unknownNamesAreCheap() {
        let fs = hicolor()
        let catalog = IconCatalog(files: fs)
        guard case .notFound = catalog.resolve("no-such-icon", pixelSize: 20, with: lookup(catalog)) else { Issue.record(); return }
        let first = fs.calls
        fs.stats = 0; fs.lists = 0; fs.reads = 0
        guard case .notFound = catalog.resolve("no-such-icon", pixelSize: 20, with: lookup(catalog)) else { Issue.record(); return }
        guard case .notFound = catalog.resolve("another-unknown", pixelSize: 20, with: lookup(catalog)) else { Issue.record(); return }
        #expect(fs.lists == 0 && fs.reads == 0, "nothing listed or read again: \(fs.lists) lists, \(fs.reads) reads")
        // Per lookup: the index stamps (Adwaita in 4 bases, hicolor in 3) and the base and theme directories.
        #expect(fs.stats <= 2 * 20, "\(fs.stats) stat calls for two lookups (the first cost \(first) calls)")
        // Probing every candidate would be 40 directories × 3 extensions in hicolor's base, per lookup.
        #expect(first < 40 * 3, "the first lookup lists, it does not probe: \(first) calls")
    }

    @Test("issue 43: once the folders are listed, a never-seen name is decided by one set of every listed name: no candidate is looked for, and no file is touched beyond the folders' stamps")
    func newNamesAreOneHashLookup() {
        let fs = hicolor()
        let catalog = IconCatalog(files: fs)
        guard case .notFound = catalog.resolve("no-such-icon", pixelSize: 20, with: lookup(catalog)) else { Issue.record(); return }
        let probes = catalog.probes
        fs.stats = 0; fs.lists = 0; fs.reads = 0
        // More new names than misses are remembered: each is new to the catalog.
        for i in 0..<(IconCatalog.maxMisses * 2) {
            guard case .notFound = catalog.resolve("org.invented\(i)", pixelSize: 20, with: lookup(catalog)) else { Issue.record(); return }
        }
        #expect(catalog.probes == probes, "\(catalog.probes - probes) candidates looked for")
        #expect(fs.lists == 0 && fs.reads == 0)
        #expect(catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog))
            == .themed(path: "/usr/share/icons/hicolor/48x48/apps/gimp.png", theme: "hicolor"))
    }

    @Test("a found icon is the same as without the catalog, and is confirmed with stat")
    func foundIcons() {
        let fs = hicolor()
        let catalog = IconCatalog(files: fs)
        #expect(catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog))
            == .themed(path: "/usr/share/icons/hicolor/48x48/apps/gimp.png", theme: "hicolor"))
        // A listed name that is gone by now (not yet noticed in the listing) is not taken.
        fs.files.remove("/usr/share/icons/hicolor/48x48/apps/gimp.png")
        #expect(catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog))
            == .themed(path: "/usr/share/icons/hicolor/56x56/apps/gimp.png", theme: "hicolor"))
    }

    @Test("a theme directory that changes (its mtime) is listed again: a new icon is found, a remembered miss forgotten")
    func changesAreSeen() {
        let fs = hicolor()
        let catalog = IconCatalog(files: fs)
        guard case .notFound = catalog.resolve("newapp", pixelSize: 48, with: lookup(catalog)) else { Issue.record(); return }
        fs.files.insert("/usr/share/icons/hicolor/48x48/apps/newapp.png")
        // Not noticed while the theme directory says nothing changed (as GTK does)...
        guard case .notFound = catalog.resolve("newapp", pixelSize: 48, with: lookup(catalog)) else { Issue.record(); return }
        // ...and found once it does (an installer touches it, gtk-update-icon-cache rewrites its cache).
        fs.versions["/usr/share/icons/hicolor"] = 1
        #expect(catalog.resolve("newapp", pixelSize: 48, with: lookup(catalog))
            == .themed(path: "/usr/share/icons/hicolor/48x48/apps/newapp.png", theme: "hicolor"))
    }

    @Test("a settings daemon naming a new theme before every lookup cannot grow the index cache; long names are not looked for")
    func themeNamesAreBounded() {
        let fs = hicolor()
        let catalog = IconCatalog(files: fs)
        for i in 0..<1000 { _ = catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog, theme: "Theme\(i)")) }
        #expect(catalog.indexCount <= IconCatalog.maxIndexes, "\(catalog.indexCount) index.theme entries kept")
        #expect(catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog, theme: "Theme1"))
            == .themed(path: "/usr/share/icons/hicolor/48x48/apps/gimp.png", theme: "hicolor"), "hicolor still answers")
        let long = String(repeating: "x", count: IconLookup.maxThemeNameBytes + 1)
        fs.stats = 0
        _ = catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog, theme: long))
        let probedLong = fs.stats
        fs.stats = 0
        _ = catalog.resolve("gimp", pixelSize: 48, with: lookup(catalog, theme: nil))
        #expect(probedLong == fs.stats, "a theme name over \(IconLookup.maxThemeNameBytes) bytes is not even looked for")
    }
}
