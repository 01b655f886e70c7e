import Foundation

/// An X server of the test's own, a probe on it and a daemon with `config`: the set-up the
/// suites that need a server to themselves share (a locker's grabs, fullscreen windows, the
/// user away, the centre beside a dock). `before` runs with the probe before the daemon
/// starts (a locker already up, a dock's reservation). Declared so that they go in order:
/// the connections before the server they are on.
struct OwnScreen {
    let probe: XProbe
    let daemon: DaemonHarness
    let display: PrivateDisplay

    /// `monitors` as `PrivateDisplay.setMonitors` takes them; `screenSaverOff` turns the
    /// server's own screen saver off, which would blank the screen and count as input.
    init(size: String = "1280x800", monitors: [String]? = nil, config: String? = nil, extraEnvironment: [String: String] = [:],
         screenSaverOff: Bool = false, before: (XProbe) throws -> Void = { _ in }) throws {
        display = try PrivateDisplay(size: size)
        if let monitors { try display.setMonitors(monitors) }
        if screenSaverOff { _ = try display.run("xset", ["s", "off"]) }
        probe = try XProbe(display.name)
        try before(probe)
        daemon = try DaemonHarness(config: config, extraEnvironment: extraEnvironment, display: display.name)
    }
}
