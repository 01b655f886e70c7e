#if canImport(Glibc)
import Glibc
#endif
import Daemon
import X11

/// `xtoastd`: the daemon executable that `xtoast daemon` hands over to. It puts the loop on
/// the X server; exits 1 with one line on stderr when there is none.
do {
    exit(runDaemon(output: try X11Output(), arguments: Array(CommandLine.arguments.dropFirst())))
} catch {
    let line = Array("xtoastd: \(error.message)\n".utf8)
    _ = write(2, line, line.count)
    exit(1)
}
