import Glibc
import ToastCore
import Transport

/// The real file system behind `IconCatalog` and `IconFolderIndex`.
/// The corresponding C functions are `stat`, `opendir` and `readdir`.
public struct SystemIconFiles: IconFiles {
    public init() {}

    public func stamp(_ path: String) -> IconFileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        return IconFileStamp(isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG, device: UInt64(info.st_dev),
                             inode: UInt64(info.st_ino), size: Int64(info.st_size),
                             modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec))
    }

    public func list(_ directory: String) -> [String]? {
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

    public func readText(_ path: String) -> String? { IconFileSystem.readText(path) }
}

/// The real process environment and text files behind `IconEnvironment`: the policy (which
/// theme, which directories) is ToastCore's.
public enum IconFileSystem {
    /// This process's environment, read now rather than once: a few `getenv` calls cost
    /// nothing next to the lookup. Without `HOME`, the password database's home directory.
    /// The corresponding C functions are `getenv` and `getpwuid`.
    public static func environment() -> IconEnvironment {
        var environment = IconEnvironment(variable: Environment.get)
        if environment.home == nil {
            environment.home = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
        }
        return environment
    }

    /// A text file of at most 1 MiB (an `index.theme` or `settings.ini`); nil otherwise.
    public static func readText(_ path: String) -> String? {
        guard case let .success(bytes) = BoundedFile.read(path, maxBytes: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The icon themes' folders, indexed by a thread of their own and shared by every painter (a
/// new font or visual makes a new painter; the folders stay the same).
public enum IconFolders {
    /// Started at first use (a painter's creation, at start), for the environment as it is
    /// then and no desktop theme; a lookup for another `Key` asks it to build for that one.
    public static let shared = watching(IconFolderIndex.Key(environment: IconFileSystem.environment(), desktopTheme: nil), start: true)

    /// An index of the real folders for `key`, its thread started when `start` says.
    public static func watching(_ key: IconFolderIndex.Key, start: Bool) -> BackgroundIndex<IconFolderIndex.Key, IconFolderIndex> {
        let index = BackgroundIndex<IconFolderIndex.Key, IconFolderIndex>(input: key) { key in
            let built = IconFolderIndex.build(key, files: SystemIconFiles())
            return (built, built.folders)
        }
        if start { index.start() }
        return index
    }
}
