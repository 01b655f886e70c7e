import ToastCore
import Transport

/// Finds and reads the config file; the parsing itself is ToastCore's.
enum ConfigFile {
    /// `$XDG_CONFIG_HOME/xtoast/config`, falling back to `~/.config/xtoast/config`.
    static func defaultPath() -> String? {
        if let xdg = Environment.get("XDG_CONFIG_HOME"), !xdg.isEmpty { return "\(xdg)/xtoast/config" }
        if let home = Environment.get("HOME"), !home.isEmpty { return "\(home)/.config/xtoast/config" }
        return nil
    }

    /// Parses the file over `base`, logging every problem with file and line (and returning
    /// them). A missing file is not a problem (the defaults apply); an unreadable one keeps `base`.
    static func load(_ path: String?, base: Config) -> (config: Config, diagnostics: [String]) {
        guard let path else { return (base, []) }
        let text: String
        switch read(path) {
        case let .success(t?): text = t
        case .success(nil): return (base, [])
        case let .failure(problem):
            Log.info("\(problem); the settings stay as they were")
            return (base, ["\(problem); the settings stay as they were"])
        }
        let (config, diagnostics) = ConfigParser.parse(text, file: path, base: base)
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
