#if canImport(Glibc)
import Glibc
#endif
import Daemon
import Images
import ToastCore
import Transport
import X11

/// `xtoastd`: the daemon executable that `xtoast daemon` hands over to. It puts the loop on
/// the X server; exits 1 with one line on stderr when there is none.
/// The output lives until `exit`: its connection is never closed by hand, because closing
/// one whose server has just died (killed with the session) runs Xlib's fatal-error path,
/// which would turn a clean shutdown's exit code into 1. The process's end closes it.
// `xtoastd --decode-image ...` is the daemon's own image decoder, re-run in a process of its
// own per image (see `DecodeHelper`): it never opens the display.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == DecodeHelper.argument {
    exit(DecodeHelper.run(Array(CommandLine.arguments.dropFirst(2))))
}
// `xtoastd --doctor [--json]` is `xtoast doctor`: it reads and reports, and never opens the
// display as the daemon does.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == DoctorReading.argument {
    exit(DoctorReading.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().contains("--version") {
    print(Version.line("xtoastd"))
    exit(0)
}
ProcessMemory.useSingleArena()
do {
    // One table of child processes: the image decoders and the rule scripts, reaped by the
    // daemon on SIGCHLD.
    let children = ChildProcesses()
    let output = try X11Output(children: children, fontsFailed: stopDaemon)
    withExtendedLifetime(output) {
        exit(runDaemon(output: output, arguments: Array(CommandLine.arguments.dropFirst()), children: children))
    }
} catch {
    let line = Array("xtoastd: \(error.message)\n".utf8)
    _ = write(2, line, line.count)
    exit(1)
}
