import Sound
import ToastCore

/// What the daemon wires into the service and the service only calls: where events go, the
/// log's room, the runners of rule scripts and the user's programs, sound, the wall clock, the
/// config's reader, the bus's listeners for its properties and the screen's resources. Kept as one value so that the
/// service's stored state is its concerns' and nothing else.
struct ServiceWiring {
    /// Where owners' events go (the socket's clients, the bus).
    let sink: any EventSink
    /// Reads the config file again over the defaults, keeping the given config's values where
    /// the file cannot be used: what it holds, and its problems.
    let loadConfig: (Config) -> (config: Config, diagnostics: [String])
    /// The desktop's scale when the config sets none (from `Xft.dpi`).
    let desktopScale: (Config) -> Double
    /// Runs a matched rule's script with its environment (`ScriptEnvironment`), after the
    /// decision; it must not block. The daemon wires it to its script runner.
    let runScript: (RuleScript, [(String, String)]) -> Void
    /// Starts what the user asked for (the link opener, the menu key's client), named by the
    /// script's `rule` (`opener`, `menu`), beside the rule scripts and never behind them; it
    /// must not block. The daemon wires it to its runner of user actions.
    let runForUser: (RuleScript, [(String, String)]) -> Void
    /// Plays what `SoundChoice` decides; nil: no sound at all (tests, `--no-sound`).
    let sound: (any SoundPlayer)?
    /// UNIX seconds at a monotonic time.
    let wallClock: (Double) -> Double
    /// Called at each config reload: what is read once and kept (the applications' `.desktop`
    /// files) is read again.
    var onReload: (() -> Void)?
    /// Tells the bus that `Inhibited` changed (`PropertiesChanged`).
    var onInhibitedChanged: ((Bool) -> Void)?
    /// Tells the bus that dunst's `paused` or `pauseLevel` changed (`PropertiesChanged`).
    var onPauseLevelChanged: ((Int) -> Void)?
    /// Room in the log for the lines clients can cause (`LogRoom`).
    var logRoom = LogRoom()
    /// The startup-notification ids an action chosen by a click or key carries to its sender.
    var activationTokens: ActivationTokens
    /// The screen side's fonts and images (the seam's `Resources`).
    let resources: any Resources
}
