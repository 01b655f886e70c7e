#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// Where a portal notification's icon and sound bytes (read from their sealed memfds) and a
/// GLib notification's `bytes` icon become files, since the image decoder (a process of its own, `DecodeWorker`) and the sound player
/// read files: a private folder (`$XDG_RUNTIME_DIR/xtoast-media`, mode 0700, emptied at start),
/// each file made anew (`HistoryWriter.create`: `O_EXCL`, `O_NOFOLLOW`, mode 0600) under a
/// number of its own, never a name a client chose, and the oldest removed past `maxFiles`.
/// The folder is in memory (the runtime folder is a tmpfs), and a file is at most
/// `PortalNotification.maxFileBytes`: writing one does not stall the loop.
final class MediaSpool {
    /// Files kept at most: the live portal toasts' pictures and sounds, and the latest of the
    /// centre's. An older entry's picture then falls back to its kind's icon.
    static let maxFiles = 64
    let folder: String
    private var kept: [String] = []
    private var counter: UInt64 = 0

    /// The spool in `runtimeDir`; nil without one, or when the folder cannot be made private.
    init?(runtimeDir: String?) {
        guard let runtimeDir, runtimeDir.hasPrefix("/") else { return nil }
        folder = runtimeDir + "/xtoast-media"
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return nil }
        var info = stat()
        // A folder of this user's only, not a link to one elsewhere.
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return nil }
        chmod(folder, 0o700)
        removeLeftovers()
    }

    /// Why a file was not kept, for the log.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `bytes` to a new file; its path, or why not.
    func keep(_ bytes: [UInt8], kind: String) -> Result<String, Problem> {
        counter += 1
        let path = "\(folder)/\(kind)-\(getpid())-\(counter)"
        let fd: Int32
        switch HistoryWriter.create(path) {
        case let .success(made): fd = made
        case let .failure(error): return .failure(Problem(description: error.reason))
        }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else {
            unlink(path)
            return .failure(Problem(description: "cannot write \(path)"))
        }
        kept.append(path)
        while kept.count > Self.maxFiles { unlink(kept.removeFirst()) }
        return .success(path)
    }

    /// `bytes` as `call`'s picture: kept as a file named in its `image-path` hint (what the
    /// decoder process reads); nil, or why not, for the log.
    func keepPicture(_ bytes: [UInt8], for call: inout NotifyCall) -> String? {
        switch keep(bytes, kind: "icon") {
        case let .success(path):
            call.hints["image-path"] = .string(path)
            return nil
        case let .failure(problem):
            return "icon not shown: \(problem)"
        }
    }

    /// The files an earlier daemon left: nobody shows them any more.
    private func removeLeftovers() {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            unlink("\(folder)/\(name)")
        }
    }
}
