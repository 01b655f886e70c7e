#if canImport(Glibc)
import Glibc
#endif
import Daemon
import ToastCore
import X11

/// `xtoastd`: the daemon executable that `xtoast daemon` hands over to. It puts the loop on
/// the X server; exits 1 with one line on stderr when there is none.
/// The output lives until `exit`: its connection is never closed by hand, because closing
/// one whose server has just died (killed with the session) runs Xlib's fatal-error path,
/// which would turn a clean shutdown's exit code into 1. The process's end closes it.
if CommandLine.arguments.dropFirst().contains("--version") {
    print(Version.line("xtoastd"))
    exit(0)
}
ProcessMemory.useSingleArena()
do {
    let output = try X11Output()
    withExtendedLifetime(output) {
        exit(runDaemon(output: output, arguments: Array(CommandLine.arguments.dropFirst())))
    }
} catch {
    let line = Array("xtoastd: \(error.message)\n".utf8)
    _ = write(2, line, line.count)
    exit(1)
}
