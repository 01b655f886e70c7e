#if canImport(Glibc)
import Glibc
#endif
import CX11

/// SIGTERM, SIGINT and SIGHUP arrive as readable data on a descriptor, so the poll loop
/// handles them like any other input: no code runs inside a signal handler.
enum SignalFD {
    static func open() -> Int32 { xt_signalfd_for_term_hup() }

    /// Reads every pending signal number.
    static func read(_ fd: Int32) -> [Int32] {
        var numbers: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            numbers.append(Int32(info.ssi_signo))
        }
        return numbers
    }
}
