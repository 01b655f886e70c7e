import ConfigParsing
import ToastCore
import Transport
import DaemonLog

/// Finds and reads the config file; the parsing itself is ToastCore's.
enum ConfigFile {
    /// `$XDG_CONFIG_HOME/xtoast/config`, falling back to `~/.config/xtoast/config`.
    static func defaultPath() -> String? {
        ConfigPath.resolve(xdgConfigHome: Environment.get("XDG_CONFIG_HOME"), home: Environment.get("HOME"))
    }

    /// Parses the file over the defaults, logging every problem with file and line (and
    /// returning them): a key that is not in the file has its default, so one removed or
    /// commented out before a reload goes back to it. What cannot be used keeps `current`
    /// (the settings in use): each bad line its setting, an unreadable file all of them. A
    /// missing file is not a problem: the defaults apply.
    static func load(_ path: String?, keeping current: Config = .default) -> (config: Config, diagnostics: [String]) {
        guard let path else { return (.default, []) }
        let text: String
        switch read(path) {
        case let .success(t?): text = t
        case .success(nil): return (.default, [])
        case let .failure(problem):
            Log.info("\(problem); the settings stay as they were")
            return (current, ["\(problem); the settings stay as they were"])
        }
        let (config, diagnostics) = ConfigParser.parse(text, file: path, base: .default, keeping: current)
        for d in diagnostics { Log.info("\(d)") }
        return (config, diagnostics.map(\.description))
    }

    /// The file's text; nil when it is missing (the defaults apply), a failure when it cannot
    /// be used (a `reload` says so). Read through `BoundedFile`, so a FIFO or device at the
    /// path cannot stall the daemon.
    static func read(_ path: String) -> Result<String?, BoundedFile.Failure> {
        switch BoundedFile.read(path, maxBytes: 1 << 20) {
        case let .success(bytes): .success(String(decoding: bytes, as: UTF8.self))
        case .failure(.missing): .success(nil)
        case let .failure(failure): .failure(failure)
        }
    }
}
