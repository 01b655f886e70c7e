import Glibc

/// A file's identity and version as `stat` reports them: equal stamps mean the same bytes
/// (for files replaced or rewritten the usual ways); a missing file has the all-zero stamp.
/// The corresponding C function is `stat`.
public struct FileStamp: Equatable, Sendable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int64 = 0
    var modified: Int64 = 0
    var modifiedNanoseconds: Int64 = 0

    /// The stamp of no file: what a bus picture, which has none, is kept with.
    public init() {}

    public init(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
