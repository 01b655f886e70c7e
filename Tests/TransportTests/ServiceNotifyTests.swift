#if canImport(Glibc)
import Glibc
#endif
import Testing
import Transport

/// `ServiceNotify` against a datagram socket standing in for systemd's `$NOTIFY_SOCKET`.
@Suite struct ServiceNotifyTests {
    /// A bound datagram socket; `address` as it would appear in `$NOTIFY_SOCKET`.
    final class Receiver {
        let fd: Int32
        let address: String
        private let file: String?

        init(abstract: Bool) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            let name = "xtoast-notify-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            address = abstract ? "@" + name : "/tmp/" + name
            file = abstract ? nil : address
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(address.utf8)
            if abstract { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
            let bound = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            try #require(bound == 0, "bind \(address): \(String(cString: strerror(errno)))")
        }

        deinit {
            close(fd)
            if let file { unlink(file) }
        }

        /// The next datagram, or nil after a second without one.
        func receive() -> String? {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 1000) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = recv(fd, &buffer, buffer.count, 0)
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
    }

    @Test("READY=1 reaches a socket at a path")
    func pathSocket() throws {
        let receiver = try Receiver(abstract: false)
        #expect(ServiceNotify.send("READY=1", to: receiver.address))
        #expect(receiver.receive() == "READY=1")
    }

    @Test("an address starting with @ is abstract")
    func abstractSocket() throws {
        let receiver = try Receiver(abstract: true)
        #expect(ServiceNotify.send("READY=1", to: receiver.address))
        #expect(receiver.receive() == "READY=1")
    }

    @Test("ready() sends to $NOTIFY_SOCKET, and does nothing without it")
    func fromEnvironment() throws {
        let receiver = try Receiver(abstract: false)
        setenv("NOTIFY_SOCKET", receiver.address, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        #expect(ServiceNotify.ready())
        #expect(receiver.receive() == "READY=1")
        unsetenv("NOTIFY_SOCKET")
        #expect(ServiceNotify.ready())
    }

    @Test("nobody listening, or a path too long: false, no crash")
    func failures() {
        #expect(!ServiceNotify.send("READY=1", to: "/tmp/xtoast-notify-test-nobody-\(getpid())"))
        #expect(!ServiceNotify.send("READY=1", to: "/" + String(repeating: "x", count: 200)))
        #expect(!ServiceNotify.send("READY=1", to: ""))
    }
}
