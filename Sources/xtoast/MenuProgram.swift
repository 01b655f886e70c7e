#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// `xtoast menu`'s chooser: runs a menu program (dmenu, `rofi -dmenu`) with the lines on its
/// standard input and reads back the line it prints. Its standard error and the terminal are
/// the client's own, so dmenu's X connection and rofi's messages work as from a shell.
enum MenuProgram {
    /// Most bytes of the program's answer read; one chosen line is far shorter.
    static let maxAnswerBytes = 64 << 10

    enum Outcome {
        /// The first line it printed (without its newline), when it exited 0.
        case chose(String)
        /// It exited non-zero (dmenu on Escape) or printed nothing: nothing is chosen.
        case cancelled(String)
        case failed(String)
    }

    /// Runs `program` (searched in `PATH`) with `lines` on its standard input, one per line.
    /// The corresponding C functions are `posix_spawnp`, `pipe`, `write`, `read` and `waitpid`.
    static func choose(_ lines: [String], with program: [String]) -> Outcome {
        guard let name = program.first else { return .failed("no menu program") }
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0 else { return .failed("cannot make a pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for fd in input + output { posix_spawn_file_actions_addclose(&actions, fd) }
        var argv: [UnsafeMutablePointer<CChar>?] = program.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawnp(&pid, name, &actions, nil, &argv, environ)
        close(input[0])
        close(output[1])
        guard code == 0 else {
            close(input[1])
            close(output[0])
            return .failed("cannot run \(name): \(String(cString: strerror(code)))")
        }
        // A program that exits without reading must not kill the client with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var text: [UInt8] = []
        for line in lines { text += line.utf8 + [UInt8(ascii: "\n")] }
        var sent = 0
        while sent < text.count {
            let n = text[sent...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
            if n > 0 { sent += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(input[1])
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while answer.count < maxAnswerBytes {
            let n = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
            if n > 0 { answer += chunk[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros: the low 7 bits are the signal, the next 8 the code.
        let signalled = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signalled == 0, exitCode == 0 else {
            return .cancelled(signalled != 0 ? "\(name) was ended by signal \(signalled)" : "\(name) exited with status \(exitCode)")
        }
        let first = answer.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        guard !first.isEmpty else { return .cancelled("\(name) chose nothing") }
        return .chose(String(decoding: first, as: UTF8.self))
    }
}
