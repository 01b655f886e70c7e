import Operations
import Testing
import ToastCore

private func resolve(override: String? = nil, runtimeDir: String? = "/run/user/1000", display: String? = ":0",
                     uid: UInt32 = 1000) -> SocketPath.Resolved {
    SocketPath.resolve(override: override, runtimeDir: runtimeDir, display: display, uid: uid)
}

@Suite struct SocketPathTests {
    @Test func overrideWins() {
        let r = resolve(override: "/tmp/custom.sock")
        #expect(r.path == "/tmp/custom.sock")
        #expect(r.privateDirectory == nil)
        #expect(resolve(override: "/x.sock", runtimeDir: nil, display: nil).path == "/x.sock")
    }

    @Test func emptyOverrideIsIgnored() {
        #expect(resolve(override: "").path == "/run/user/1000/xtoast-0.sock")
    }

    @Test func runtimeDirAndDisplayTag() {
        let r = resolve()
        #expect(r.path == "/run/user/1000/xtoast-0.sock")
        #expect(r.privateDirectory == nil)
        #expect(resolve(display: ":1").path == "/run/user/1000/xtoast-1.sock")
    }

    @Test(arguments: [":0", ":0.0", "unix:0", "unix:0.0", ":0.1"])
    func sameServerSameTag(display: String) {
        #expect(SocketPath.displayTag(display) == "0")
        #expect(resolve(display: display).path == "/run/user/1000/xtoast-0.sock")
    }

    @Test func differentDisplaysDiffer() {
        let displays = [":0", ":1", ":10", "host:0", "other:0", "host:1", "localhost:0"]
        let tags = displays.map { SocketPath.displayTag($0) }
        #expect(Set(tags).count == displays.count, "\(tags)")
        #expect(SocketPath.displayTag(":10") == "10")
        #expect(SocketPath.displayTag(":10.0") != SocketPath.displayTag(":1"))
    }

    @Test func remoteDisplayKeepsItsHost() {
        #expect(SocketPath.displayTag("host.example:2.0") == "host.example_2")
        #expect(SocketPath.displayTag("localhost:10.0") == "localhost_10")
    }

    @Test func unsafeCharactersBecomeUnderscores() {
        let tag = SocketPath.displayTag("../../etc/x:0")
        #expect(!tag.contains("/"))
        #expect(tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") })
        #expect(!SocketPath.displayTag("a b:0").contains(" "))
        #expect(!SocketPath.displayTag("é:0").contains("é"))
        // One underscore per byte: the tag is worked out on bytes, the same way by client and daemon.
        #expect(SocketPath.displayTag("é:0") == "___0")
        #expect(SocketPath.displayTag("unix:3.1") == "3")
    }

    @Test func missingDisplay() {
        #expect(SocketPath.displayTag(nil) == "nodisplay")
        #expect(SocketPath.displayTag("") == "nodisplay")
        #expect(resolve(display: nil).path == "/run/user/1000/xtoast-nodisplay.sock")
    }

    @Test func noRuntimeDirUsesAPrivateDirInTmp() {
        let r = resolve(runtimeDir: nil, uid: 1234)
        #expect(r.privateDirectory == "/tmp/xtoast-1234")
        #expect(r.path == "/tmp/xtoast-1234/xtoast-0.sock")
        let empty = resolve(runtimeDir: "", display: ":0.0", uid: 0)
        #expect(empty.privateDirectory == "/tmp/xtoast-0")
        #expect(empty.path == "/tmp/xtoast-0/xtoast-0.sock")
    }

    @Test func differentUsersGetDifferentDirs() {
        #expect(resolve(runtimeDir: nil, uid: 1000).path != resolve(runtimeDir: nil, uid: 1001).path)
    }
}
