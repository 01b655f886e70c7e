#if canImport(Glibc)
import Glibc
#endif
import ToastCore
import Transport

/// What `/proc` tells the doctor of other processes: their command, start time and
/// arguments, and which one runs a program of a given name.
enum ProcessTable {
    /// The process `pid`: its command name and when it started.
    static func facts(pid: Int32) -> Doctor.ProcessFacts {
        Doctor.ProcessFacts(pid: pid, command: PeerProcess.command(pid: pid), started: started(pid: pid))
    }

    /// When `pid` started, in UNIX seconds: `/proc/PID/stat`'s 22nd field (clock ticks after
    /// boot) plus `/proc/stat`'s `btime`. Nil when either cannot be read.
    static func started(pid: Int32) -> Double? {
        guard let stat = small("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")"),
              let boot = small("/proc/stat")?.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let bootTime = Double(boot.dropFirst(6).trimmingBlanks()) else { return nil }
        // After the command's closing parenthesis: field 3 (state) onwards, so field 22 is the 20th.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        guard fields.count > 19, let start = Double(fields[19]), ticks > 0 else { return nil }
        return bootTime + start / Double(ticks)
    }

    /// `pid`'s arguments (`/proc/PID/cmdline`), at most 4 KiB of them.
    static func arguments(pid: Int32) -> [String] {
        guard let text = small("/proc/\(pid)/cmdline", limit: 4096) else { return [] }
        return text.split(separator: "\0").map(String.init)
    }

    /// The first of this user's processes whose command name is one of `names` (lowercased).
    static func find(_ names: Set<String>) -> (pid: Int32, command: String)? {
        guard let proc = opendir("/proc") else { return nil }
        defer { closedir(proc) }
        var scanned = 0
        // A desktop runs a few hundred processes; a bound keeps a strange /proc from stalling the doctor.
        while scanned < 100_000, let entry = readdir(proc) {
            scanned += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard let pid = Int32(name), pid > 0, let command = PeerProcess.command(pid: pid),
                  names.contains(command.lowercased()) else { continue }
            var info = stat()
            guard stat("/proc/\(pid)", &info) == 0, info.st_uid == getuid() else { continue }
            return (pid, command)
        }
        return nil
    }

    /// A small file of /proc (which reports no size): one read of at most `limit` bytes.
    private static func small(_ path: String, limit: Int = 8192) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self) : nil
    }
}

/// Who the compositor is, when its selection window does not say, and picom's config file.
enum Compositors {
    /// Compositing managers known by their command names.
    static let known: Set<String> = ["picom", "compton", "xcompmgr", "fastcompmgr", "compiz", "kwin_x11", "mutter",
                                     "gnome-shell", "xfwm4", "marco", "muffin", "cinnamon", "budgie-wm"]

    static func identify(_ owner: Doctor.Compositor, home: String?) -> Doctor.Compositor {
        var compositor = owner
        if let pid = compositor.pid, let command = PeerProcess.command(pid: pid) {
            compositor.name = command
        } else if let found = ProcessTable.find(compositor.name.map { [$0.lowercased()] } ?? known) {
            compositor.pid = found.pid
            compositor.name = found.command
        }
        guard let name = compositor.name?.lowercased(), name == "picom" || name == "compton" else { return compositor }
        let arguments = compositor.pid.map(ProcessTable.arguments(pid:)) ?? []
        var candidates: [String] = []
        if let i = arguments.firstIndex(where: { $0 == "--config" }), i + 1 < arguments.count { candidates.append(arguments[i + 1]) }
        candidates += arguments.filter { $0.hasPrefix("--config=") }.map { String($0.dropFirst(9)) }
        let configHome = Environment.nonEmpty("XDG_CONFIG_HOME") ?? home.map { "\($0)/.config" }
        if let configHome { candidates += ["\(configHome)/picom/picom.conf", "\(configHome)/picom.conf", "\(configHome)/compton.conf"] }
        for dir in (Environment.nonEmpty("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":") {
            candidates += ["\(dir)/picom/picom.conf", "\(dir)/picom.conf"]
        }
        for path in candidates {
            if case let .success(bytes) = BoundedFile.read(path, maxBytes: 1 << 20) {
                compositor.picomConfig = (path, String(decoding: bytes, as: UTF8.self))
                break
            }
        }
        return compositor
    }
}
