#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// A fresh directory under /tmp, removed (with the files the test made) when released.
private final class Scratch {
    let path: String
    private var made: [String] = []

    init?() {
        var template = Array("/tmp/xtoast-bounded-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { return nil }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        for file in made.reversed() { remove(file) }
        rmdir(path)
    }

    /// Writes `bytes` to a new file called `name`; returns its path.
    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let file = track(name)
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return file
    }

    func fifo(_ name: String) -> String {
        let file = track(name)
        mkfifo(file, 0o600)
        return file
    }

    func directory(_ name: String) -> String {
        let dir = track(name)
        mkdir(dir, 0o700)
        return dir
    }

    private func track(_ name: String) -> String {
        made.append("\(path)/\(name)")
        return "\(path)/\(name)"
    }
}

private func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

@Suite struct BoundedFileTests {
    @Test func readsARegularFile() throws {
        let scratch = try #require(Scratch())
        let path = scratch.file("config", Array("font = DejaVu Sans\n".utf8))
        #expect(BoundedFile.read(path, maxBytes: 1 << 20) == .success(Array("font = DejaVu Sans\n".utf8)))
        #expect(BoundedFile.read(scratch.file("empty", []), maxBytes: 1 << 20) == .success([]))
    }

    @Test func missingFileIsTellable() throws {
        let path = try #require(Scratch()).path + "/nothing-here"
        #expect(BoundedFile.read(path, maxBytes: 1 << 20) == .failure(.missing(path: path)))
    }

    @Test func fifoIsRefusedWithoutWaitingForAWriter() throws {
        let scratch = try #require(Scratch())
        let path = scratch.fifo("pipe")
        let start = seconds()
        let result = BoundedFile.read(path, maxBytes: 1 << 20)
        #expect(seconds() - start < 1)
        #expect(result == .failure(.notRegularFile(path: path)))
        #expect(result.failureDescription == "\(path) is not a regular file")
    }

    @Test func directoryIsRefused() throws {
        let scratch = try #require(Scratch())
        let dir = scratch.directory("icons")
        #expect(BoundedFile.read(dir, maxBytes: 1 << 20) == .failure(.notRegularFile(path: dir)))
    }

    @Test func fileOverTheCapIsRefused() throws {
        let scratch = try #require(Scratch())
        let path = scratch.file("big", [UInt8](repeating: 7, count: 100))
        #expect(BoundedFile.read(path, maxBytes: 99) == .failure(.tooLarge(path: path, maxBytes: 99)))
        #expect(BoundedFile.read(path, maxBytes: 100) == .success([UInt8](repeating: 7, count: 100)))
        let failure = BoundedFile.Failure.tooLarge(path: "/x/config", maxBytes: 1 << 20)
        #expect(failure.description == "/x/config is larger than 1 MiB")
        #expect(failure.reason == "larger than 1 MiB")
    }

    @Test func characterDeviceIsRefused() {
        #expect(BoundedFile.read("/dev/zero", maxBytes: 1 << 20) == .failure(.notRegularFile(path: "/dev/zero")))
    }

    @Test func otherErrorsSayWhy() {
        let failure = BoundedFile.Failure.unreadable(path: "/x/icon.png", code: EACCES)
        #expect(failure.description == "cannot read /x/icon.png: Permission denied")
        #expect(failure.reason == "permission denied")
    }
}

extension Result where Failure == BoundedFile.Failure {
    var failureDescription: String? {
        if case let .failure(failure) = self { return failure.description }
        return nil
    }
}
