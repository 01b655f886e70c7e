#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// Issue 43: a string lent by a bus is read no further than its bound.
@Suite struct BoundedCStringTests {
    /// `count` bytes of `fill` that end where an unreadable page begins, with no NUL: a read
    /// one byte past them faults, so a reader that measured the whole string would crash.
    private static func bytesBeforeAGuardPage(_ count: Int, fill: [UInt8]) throws -> (UnsafePointer<CChar>, () -> Void) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (count + page - 1) / page + 1
        let mapped: UnsafeMutableRawPointer? = mmap(nil, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped)
        try #require(base != UnsafeMutableRawPointer(bitPattern: -1), "mmap failed")
        let guardPage = base + (pages - 1) * page
        try #require(mprotect(guardPage, page, PROT_NONE) == 0)
        let start = guardPage.assumingMemoryBound(to: UInt8.self) - count
        for i in 0..<count { start[i] = fill[i % fill.count] }
        return (UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), { munmap(base, pages * page) })
    }

    @Test("a string longer than its bound is read to the bound and one byte more, never to its end")
    func readsNoFurther() throws {
        let bound = 4096
        let (string, release) = try Self.bytesBeforeAGuardPage(bound + 1, fill: Array("a".utf8))
        defer { release() }
        let read = BoundedCString.read(string, maxBytes: bound)
        #expect(read.isCut && read.text == String(repeating: "a", count: bound))
    }

    @Test("the cut steps back to a scalar's start; a string within its bound is kept whole")
    func cutsAtAScalar() throws {
        // "é" is two bytes: a bound of 5 falls inside the third.
        let (string, release) = try Self.bytesBeforeAGuardPage(6, fill: Array("é".utf8))
        defer { release() }
        #expect(BoundedCString.read(string, maxBytes: 5) == ("éé", true))
        #expect(BoundedCString.read(string, maxBytes: 4) == ("éé", true))
        #expect(BoundedCString.read("€uro", maxBytes: 2) == ("", true))
        #expect(BoundedCString.read("short", maxBytes: 5) == ("short", false))
        #expect(BoundedCString.read("", maxBytes: 0) == ("", false))
    }
}
