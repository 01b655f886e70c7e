import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 30, "Screen sharing on X11": a window titled like Firefox's sharing indicator
    /// holds toasts while it is mapped, and `pause --status` says why.
    @Suite struct ScreenSharingTests {
        typealias F = FoundationTests

        /// A plain X client (libX11 through ctypes) that makes one top-level window and obeys
        /// lines on its standard input: `map TITLE`, `title TITLE`, `unmap`. It answers `ok`
        /// to each after `XSync`, so the server has the change when the test goes on.
        static let client = """
            import ctypes as c, sys
            X = c.CDLL("libX11.so.6")
            X.XOpenDisplay.restype = c.c_void_p; X.XOpenDisplay.argtypes = [c.c_char_p]
            X.XDefaultRootWindow.restype = c.c_ulong; X.XDefaultRootWindow.argtypes = [c.c_void_p]
            X.XCreateSimpleWindow.restype = c.c_ulong
            X.XCreateSimpleWindow.argtypes = [c.c_void_p, c.c_ulong] + [c.c_int] * 2 + [c.c_uint] * 3 + [c.c_ulong] * 2
            X.XInternAtom.restype = c.c_ulong; X.XInternAtom.argtypes = [c.c_void_p, c.c_char_p, c.c_int]
            X.XChangeProperty.argtypes = [c.c_void_p, c.c_ulong, c.c_ulong, c.c_ulong, c.c_int, c.c_int, c.c_char_p, c.c_int]
            X.XMapWindow.argtypes = [c.c_void_p, c.c_ulong]; X.XUnmapWindow.argtypes = [c.c_void_p, c.c_ulong]
            X.XSync.argtypes = [c.c_void_p, c.c_int]
            d = X.XOpenDisplay(None)
            w = X.XCreateSimpleWindow(d, X.XDefaultRootWindow(d), 10, 500, 300, 40, 0, 0, 0x808080)
            name, utf8 = X.XInternAtom(d, b"_NET_WM_NAME", 0), X.XInternAtom(d, b"UTF8_STRING", 0)
            def title(t):
                b = t.encode()
                X.XChangeProperty(d, w, name, utf8, 8, 0, b, len(b))
            for line in sys.stdin:
                word, _, rest = line.rstrip("\\n").partition(" ")
                if word == "map": title(rest); X.XMapWindow(d, w)
                elif word == "title": title(rest)
                elif word == "unmap": X.XUnmapWindow(d, w)
                X.XSync(d, 0)
                print("ok", flush=True)
            """

        final class Client {
            let process = Process()
            let input = Pipe(), output = Pipe()
            init(display: String = TestDisplay.name) throws {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments = ["-c", ScreenSharingTests.client]
                process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
                process.standardInput = input
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
            }
            func send(_ line: String) throws {
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
                let answer = output.fileHandleForReading.readData(ofLength: 3)
                #expect(String(decoding: answer, as: UTF8.self) == "ok\n", "the test client answered \(answer)")
            }
            deinit {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
        }

        @Test("a window titled like Firefox's sharing indicator holds a toast while mapped; renamed away, or unmapped, the toast shows")
        func sharingIndicatorHolds() throws {
            let daemon = try DaemonHarness(config: "[general]\ntimeout = 0\n")
            let probe = try XProbe()
            let window = try Client()
            try window.send("map Firefox — Sharing Indicator")
            try waitUntil("pause --status to name screen sharing") {
                try daemon.xtoast(["pause", "--status"]).stdout.contains(#""by":"screen sharing""#)
            }
            let status = try daemon.xtoast(["pause", "--status"]).stdout
            #expect(status.contains(#""inhibited":true"#) && status.contains("Sharing Indicator"), "\(status)")
            #expect(try daemon.xtoast(["show", "held while sharing"]).status == 0)
            Thread.sleep(forTimeInterval: 0.5)  // a card that would show has had time to map
            #expect(probe.cards().isEmpty, "a normal toast is on screen while the screen is shared")
            // The title changes away: the held toast shows.
            try window.send("title Mozilla Firefox")
            _ = try F.restingCards(probe, count: 1, timeout: 5)
            #expect(try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":false"#))

            // Sharing again, then the window unmaps: the next toast waits, then shows.
            try window.send("title Firefox — Sharing Indicator")
            try waitUntil("quiet to hold again") { try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":true"#) }
            #expect(try daemon.xtoast(["show", "second while sharing"]).status == 0)
            Thread.sleep(forTimeInterval: 0.5)
            #expect(probe.cards().count == 1, "the second toast showed while the screen is shared")
            try window.send("unmap")
            _ = try F.restingCards(probe, count: 2, timeout: 5)
            #expect(try daemon.xtoast(["pause", "--status"]).stdout.contains(#""inhibited":false"#))
        }
    
        /// Declared so that they go in order: the connections before the server they are on.
        struct Managed {
            let window: Client
            let probe: XProbe
            let daemon: DaemonHarness
            let wm: WindowManager
            let display: PrivateDisplay
            init() throws {
                display = try PrivateDisplay(size: "1280x800")
                wm = try WindowManager(display: display.name)
                daemon = try DaemonHarness(config: "[general]\ntimeout = 0\n", display: display.name)
                probe = try XProbe(display.name)
                window = try Client(display: display.name)
            }
        }

        @Test("under a window manager (openbox: the client window is inside a frame, _NET_CLIENT_LIST on the root) the same holds")
        func insideAFrame() throws {
            let desk = try Managed()
            try desk.window.send("map Firefox — Sharing Indicator")
            try waitUntil("pause --status to name screen sharing") {
                try desk.daemon.xtoast(["pause", "--status"]).stdout.contains(#""by":"screen sharing""#)
            }
            #expect(try desk.daemon.xtoast(["show", "held while sharing"]).status == 0)
            Thread.sleep(forTimeInterval: 0.5)
            #expect(desk.probe.cards().isEmpty)
            try desk.window.send("title Mozilla Firefox")
            _ = try F.restingCards(desk.probe, count: 1, timeout: 5)
        }
    }
}
