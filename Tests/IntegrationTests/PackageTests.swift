import Foundation
import Testing
import ToastCore

extension IntegrationOnSecondDisplay {
    /// `scripts/package`: the Debian package, built from release binaries (`scripts/test`
    /// builds them and names their directory in `XTOAST_RELEASE_BIN_DIR`; a debug build links
    /// the toolchain's Swift libraries, which no package provides), installed with dpkg into a
    /// scratch root with a dpkg database of its own.
    @Suite struct PackageTests {
        static let repository = InstallTests.repository

        /// Where the release binaries are: `XTOAST_RELEASE_BIN_DIR`, else SwiftPM's release
        /// directory. (`swift build` cannot run from inside `swift test`: the build directory is locked.)
        static func releaseBinaries() throws -> URL {
            let dir = ProcessInfo.processInfo.environment["XTOAST_RELEASE_BIN_DIR"].map { URL(fileURLWithPath: $0) }
                ?? repository.appendingPathComponent(".build/release")
            for exe in ["xtoast", "xtoastd", "xtoast-generate"] where !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent(exe).path) {
                throw TestFailure("no release \(exe) in \(dir.path): run scripts/test, or swift build -c release --static-swift-stdlib --product \(exe)")
            }
            return dir
        }

        static func run(_ tool: String, _ args: [String], timeout: Double = 120) throws -> DaemonHarness.Run {
            let run = try #require(try InstallTests.tool(tool, args, timeout: timeout), "\(tool) is not installed (scripts/test installs it)")
            #expect(run.status == 0, "\(tool) \(args): \(run.stdout)\(run.stderr)")
            return run
        }

        @Test("the package builds without lintian errors, installs with dpkg, and the installed xtoast --version prints the version")
        func buildAndInstall() throws {
            let bin = try Self.releaseBinaries()
            let dir = try InstallTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let built = try DaemonHarness.run(Self.repository.appendingPathComponent("scripts/package"),
                                              ["--bin-dir", bin.path, "--output", dir.path],
                                              environment: ProcessInfo.processInfo.environment, timeout: 300)
            #expect(built.status == 0, "scripts/package: \(built.stderr)")
            let deb = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let name = URL(fileURLWithPath: deb).lastPathComponent
            #expect(name.hasPrefix("xtoast_\(Version.number)_") && name.hasSuffix(".deb"), "\(deb)")

            let fields = try Self.run("dpkg-deb", ["--field", deb, "Version", "Depends", "Recommends"]).stdout
            #expect(fields.contains("Version: \(Version.number)"), "\(fields)")
            for library in ["libc6", "libx11-6", "libpango-1.0-0", "libsystemd0", "libcanberra0"] { #expect(fields.contains(library), "\(fields)") }
            // libcanberra0 alone has only the ALSA backend; the pulse one and the theme make sounds play.
            #expect(fields.contains("libcanberra-pulse") && fields.contains("sound-theme-freedesktop"), "\(fields)")
            #expect(!fields.contains("swift"), "the Swift runtime is linked in: \(fields)")
            #expect(try Self.run("dpkg-deb", ["--info", deb, "conffiles"]).stdout == "/etc/xdg/autostart/xtoast.desktop\n")
            let contents = try Self.run("dpkg-deb", ["--contents", deb]).stdout
            for path in ["./usr/bin/xtoast", "./usr/bin/xtoastd", "./usr/share/man/man1/xtoast.1.gz", "./usr/share/man/man5/xtoast.5.gz",
                         "./usr/share/man/man1/xtoastd.1.gz", "./usr/share/man/man7/xtoast-protocol.7.gz",
                         "./usr/share/man/man1/xtoast-dunstctl.1.gz", "./usr/share/man/man7/xtoast-migrating.7.gz",
                         "./usr/lib/systemd/user/xtoast.service", "./usr/share/dbus-1/services/org.xtoast.Notifications.service",
                         "./usr/share/dbus-1/services/org.freedesktop.impl.portal.desktop.xtoast.service",
                         "./usr/share/xdg-desktop-portal/portals/xtoast.portal",
                         "./usr/share/bash-completion/completions/xtoast", "./etc/xdg/autostart/xtoast.desktop",
                         "./usr/share/doc/xtoast/copyright", "./usr/share/doc/xtoast/changelog.gz"] {
                #expect(contents.contains(" \(path)\n"), "\(path) missing")
            }
            #expect(!contents.contains("./usr/etc/"))

            // A scratch root with an empty dpkg database: dpkg installs there as it would on a system.
            let root = dir.appendingPathComponent("root")
            for sub in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            for file in ["var/lib/dpkg/status", "var/lib/dpkg/available"] {
                _ = FileManager.default.createFile(atPath: root.appendingPathComponent(file).path, contents: Data())
            }
            _ = try Self.run("dpkg", ["--root=\(root.path)", "--log=/dev/null", "--force-depends", "--force-not-root",
                                      "--force-script-chrootless", "--install", deb])
            #expect(try Self.run("dpkg", ["--root=\(root.path)", "--status", "xtoast"]).stdout.contains("Status: install ok installed"))
            let version = try DaemonHarness.run(root.appendingPathComponent("usr/bin/xtoast"), ["--version"],
                                                environment: ["PATH": "/usr/bin:/bin"])
            #expect(version.status == 0 && version.stdout == "xtoast \(Version.number)\n", "\(version.stdout)\(version.stderr)")
            let autostart = try String(contentsOf: root.appendingPathComponent("etc/xdg/autostart/xtoast.desktop"), encoding: .utf8)
            #expect(autostart.contains("Exec=/usr/bin/xtoastd"), "\(autostart)")
        }
    }
}
