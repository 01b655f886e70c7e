#if canImport(Glibc)
import Glibc
#endif
import ToastCore

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
        guard let text = readFile(path) else { return (base, []) }
        let (config, diagnostics) = ConfigParser.parse(text, file: path, base: base)
        for d in diagnostics { Log.info("\(d)") }
        return (config, diagnostics.map(\.description))
    }

    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { Log.info("cannot read \(path): \(String(cString: strerror(errno)))") }
            return nil
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
            if bytes.count > 1 << 20 { Log.info("\(path) is larger than 1 MiB; ignored"); return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
