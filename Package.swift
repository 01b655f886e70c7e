// swift-tools-version:6.0
import PackageDescription

/// xtoast: a toast overlay for X11.
///
/// - `CX11`: the one door to the C libraries (Xlib, Xft, XRender, XShape, XTest, XRandR).
/// - `CXInput2`: XInput 2, for the cards' crossings (a forged one cannot reach them) and the
///   integration tests' raw button events.
/// - `CSystem`: the one door to Linux system calls Glibc does not export (signalfd set-up, timerfd, epoll, a spawned child's clean slate).
/// - `CPango`: the door to Pango (text shaping, line breaking and markup, drawn through Xft).
/// - `CPixbuf`: the door to gdk-pixbuf (icons in every format the system has a loader for).
/// - `CSDBus`: sd-bus (libsystemd)'s header, and the vtable entries its macros cannot make in Swift;
///   only `SDBus` imports it.
/// - `CArguments`: the client's argv, kept by an initialiser instead of the Swift runtime's
///   start-up scan of /proc/self/maps (a C target; only `xtoast` links it).
/// - `CXlibQueue`: gives back the event-queue nodes Xlib keeps after a flood (a C target, since
///   it needs Xlib's private `Xlibint.h`, which must not reach Swift's view of `Display`).
/// - `JSONCodec`: the JSON value, its strict parser and its writer (and `UnicodeControls`, the
///   characters it escapes); below the model, which imports it.
/// - `Patterns`: the rules' pattern engine, globs and POSIX regular expressions (a Pike VM and a
///   bit-parallel path), readable alone; `fuzz-rule` calls it directly and through the rules; below the model.
/// - `ToastCore`: the pure model (no X11, no sockets, no clock reads): toasts, the board,
///   admission, stacks, layout, motion, gestures, input intents, quiet, the centre, the card
///   scene and the config's values (`Config`, `ConfigSchema`); it imports only `JSONCodec` and `Patterns`.
/// - `Operations`: everything a client says, above the model: the operation table (each op
///   declared once), the command line, the wire protocol's requests (their decoder and encoder)
///   and the client's reading of replies, the socket's lines and path, the hand-over's proofs.
/// - `ConfigParsing`: the config file's parser (`ConfigParser`, its rules' lines) and the rule
///   "Mute … always" appends (`SnoozeRule`), above the model: the values it fills (`Config`,
///   `ConfigSchema`) stay in it.
/// - `Install`: the man pages and shell completions, rendered from the operation table
///   (and Migration's dunst mapping); `xtoast-generate` installs them, and the client prints a
///   page as text (`xtoast help --page NAME`).
/// - `Migration`: `xtoast import-dunstrc`'s translator from a dunstrc; only the client links it.
/// - `Transport`: the Unix socket and bounded file reads, shared by client, X11 layer and daemon
///   (plain POSIX, no Foundation).
/// - `Images`: the icon decoder pipeline, which needs no Xlib: files decoded by gdk-pixbuf in a
///   process of their own (`xtoastd --decode-image`), within a time budget, their pixels read back;
///   and the file an icon's name means (`Icons/`: the themes' folders on disk).
/// - `X11`: Swift types that own X handles; the only place Xlib is called.
/// - `DaemonLog`: the daemon's bounded log lines, shared by the daemon and its doors (Sound, Bus).
/// - `Sound`: plays toasts' sounds through libcanberra, loaded (`dlopen`) at the first sound
///   and played on a thread started then, so a daemon that never sounds pays nothing for it.
/// - `SDBus`: the one door to sd-bus: owning types for a connection, its messages (built and
///   read with bounds), slots, exported interfaces (a Swift description and its handlers) and
///   handler results. Every bus interface of xtoast goes through it.
/// - `Bus`: `org.freedesktop.Notifications` on the session bus through `SDBus`, behind a Swift
///   API (`NotificationBus`, `NotificationServer`): no bus handle leaves it.
/// - `Accessibility`: xtoast as an AT-SPI application on the accessibility bus through `SDBus`
///   (`AccessibilityBus`), serving ToastCore's `AccessibleTree`; no bus handle leaves it.
/// - `Daemon`: the single-threaded poll() loop that ties socket, model and screen together.
/// - `xtoast`: the command-line client; links Operations, ConfigParsing, ToastCore, JSONCodec, Migration, Install and Transport only (no Foundation),
///   as a static executable, so it starts in about a millisecond.
/// - `xtoastd`: the daemon executable that `xtoast daemon` hands over to.
/// - `xtoast-generate`: prints the man pages and shell completions from `Install` (run by `scripts/install`).
/// - `xtoast-bench`: measures launch-to-pixels from outside the daemon (run by `scripts/bench`).
/// - `FuzzSupport` and `fuzz-*`: libFuzzer targets (run by `scripts/fuzz`, which builds them with
///   `--sanitize=fuzzer` into `.build-fuzz`); in a plain build they link but do nothing.
let package = Package(
    name: "xtoast",
    targets: [
        .systemLibrary(
            name: "CX11",
            path: "Sources/CX11",
            pkgConfig: "x11 xft fontconfig xrender xext xtst xrandr xfixes",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig1-dev", "libxrender-dev",
                              "libxext-dev", "libxtst-dev", "libxrandr-dev", "libxfixes-dev"])]
        ),
        .systemLibrary(
            name: "CPango",
            path: "Sources/CPango",
            pkgConfig: "pangoxft",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CPixbuf",
            path: "Sources/CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev", "librsvg2-common"])]
        ),
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        // XInput 2: the daemon's crossings, which no client can forge, and the integration
        // tests' exact click times (raw button events).
        .systemLibrary(name: "CXInput2", path: "Sources/CXInput2", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        .systemLibrary(
            name: "CSDBus",
            path: "Sources/CSDBus",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .target(name: "CArguments"),
        .target(name: "CXlibQueue"),
        .target(name: "JSONCodec"),
        .target(name: "Patterns"),
        .target(name: "ToastCore", dependencies: ["JSONCodec", "Patterns"]),
        .target(name: "Operations", dependencies: ["ToastCore", "JSONCodec"]),
        .target(name: "ConfigParsing", dependencies: ["ToastCore", "Patterns"]),
        .target(name: "Install", dependencies: ["ToastCore", "Migration", "JSONCodec", "Operations"]),
        .target(name: "Migration", dependencies: ["ToastCore", "JSONCodec", "ConfigParsing"]),
        .target(name: "Transport", dependencies: ["CSystem"]),
        .target(name: "DaemonLog", dependencies: ["ToastCore", "Transport", "JSONCodec"]),
        .target(name: "Sound", dependencies: ["ToastCore", "Transport", "DaemonLog"]),
        .target(name: "SDBus", dependencies: ["CSDBus", "Transport"]),
        .target(name: "Bus", dependencies: ["SDBus", "ToastCore", "Transport", "DaemonLog", "JSONCodec", "Operations"]),
        .target(name: "Accessibility", dependencies: ["SDBus", "ToastCore", "Transport", "DaemonLog"]),
        .target(name: "Images", dependencies: ["CPixbuf", "CSystem", "ToastCore", "Transport"]),
        .target(name: "X11", dependencies: ["CX11", "CXInput2", "CXlibQueue", "CPango", "CPixbuf", "CSystem", "Images", "ToastCore", "Transport"]),
        .target(name: "Daemon", dependencies: ["ToastCore", "Transport", "CSystem", "Bus", "Accessibility", "DaemonLog", "Sound", "JSONCodec", "Operations", "ConfigParsing"]),
        // The client is launched once per toast, so its start-up is most of a toast's latency:
        // linked as a static executable it needs no dynamic loader at all (about 1.7x faster to
        // start than `--static-swift-stdlib`). Set here, per target, so one `swift build` makes it.
        .executableTarget(name: "xtoast", dependencies: ["CArguments", "ToastCore", "Migration", "Transport", "Install", "JSONCodec", "Operations", "ConfigParsing"],
                          linkerSettings: [.unsafeFlags(["-static-executable"])]),
        // The daemon runs for the whole session, so its idle private memory counts: linked as a
        // position-dependent executable, the Swift metadata in its data needs no relocating at
        // load, which keeps about 200 KiB of its pages clean (shared with the file) instead of dirty.
        .executableTarget(name: "xtoastd", dependencies: ["Daemon", "Images", "X11", "ToastCore", "Transport", "JSONCodec", "Operations", "ConfigParsing"],
                          linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"])]),
        .executableTarget(name: "xtoast-generate", dependencies: ["ToastCore", "Install"]),
        .executableTarget(name: "xtoast-bench", dependencies: ["CX11", "ToastCore", "Operations", "ConfigParsing"]),
        .target(name: "FuzzSupport", dependencies: ["ToastCore"]),
        .executableTarget(name: "fuzz-request", dependencies: ["ToastCore", "FuzzSupport", "JSONCodec", "Operations"]),
        .executableTarget(name: "fuzz-config", dependencies: ["ToastCore", "FuzzSupport", "ConfigParsing"]),
        .executableTarget(name: "fuzz-markup", dependencies: ["ToastCore", "CPango", "FuzzSupport"]),
        .executableTarget(name: "fuzz-card", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-xvalues", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-image", dependencies: ["Images"]),
        .executableTarget(name: "fuzz-rule", dependencies: ["ToastCore", "FuzzSupport", "Patterns"]),
        .executableTarget(name: "fuzz-dunstrc", dependencies: ["ToastCore", "Migration", "FuzzSupport", "JSONCodec", "ConfigParsing"]),
        .executableTarget(name: "fuzz-notify", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-portal", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-gtk", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-xsettings", dependencies: ["ToastCore", "FuzzSupport"]),
        .executableTarget(name: "fuzz-mute", dependencies: ["ToastCore", "FuzzSupport", "JSONCodec", "ConfigParsing"]),
        .testTarget(name: "ToastCoreTests", dependencies: ["ToastCore", "Install", "Migration", "JSONCodec", "Patterns", "Operations", "ConfigParsing"]),
        .testTarget(name: "InstallTests", dependencies: ["Install", "ToastCore", "Migration", "Operations"]),
        .testTarget(name: "MigrationTests", dependencies: ["Migration", "ToastCore", "JSONCodec", "Operations", "ConfigParsing"]),
        .testTarget(name: "TransportTests", dependencies: ["Transport"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images"]),
        .testTarget(name: "SDBusTests", dependencies: ["SDBus"]),
        .testTarget(name: "DaemonTests", dependencies: ["Daemon", "Accessibility", "DaemonLog", "Sound", "ToastCore", "JSONCodec", "Operations", "ConfigParsing"]),
        .testTarget(name: "IntegrationTests", dependencies: ["CX11", "CXInput2", "CSDBus", "ToastCore", "Transport", "JSONCodec", "Operations"], exclude: ["Reference"]),
    ],
    swiftLanguageModes: [.v6]
)
