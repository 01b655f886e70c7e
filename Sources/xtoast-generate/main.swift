#if canImport(Glibc)
import Glibc
#endif
import Install
import ToastCore

/// `xtoast-generate`: prints the man pages and shell completions that `scripts/install`
/// installs, rendered from the same tables `xtoast --help` and the config parser use.
/// A separate executable, so the client carries none of it.

let usage = """
    Usage: xtoast-generate pages
           xtoast-generate page NAME [--date YYYY-MM-DD]
           xtoast-generate man1 [--date YYYY-MM-DD]
           xtoast-generate man5 CONFIG_EXAMPLE [--date YYYY-MM-DD]
           xtoast-generate bash|zsh|fish

    pages lists each man page's name and where it goes under share/man (man1/xtoast.1);
    page NAME prints one.
    """

func fail(_ message: String) -> Never {
    let line = Array("xtoast-generate: \(message)\n".utf8)
    _ = write(2, line, line.count)
    exit(2)
}

/// The whole file, or nil when it cannot be read.
func contents(of path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
}

var args = Array(CommandLine.arguments.dropFirst())
var date = ManPages.undatedDate
if let i = args.firstIndex(of: "--date") {
    guard i + 1 < args.count else { fail("--date needs YYYY-MM-DD") }
    date = args[i + 1]
    args.removeSubrange(i...(i + 1))
}
switch args.first {
case "pages" where args.count == 1:
    for page in ManPages.all { print("\(page.id) \(page.path)") }
case "page" where args.count == 2:
    guard let page = ManPages.named(args[1]) else { fail("no page \"\(args[1])\"") }
    print(page.render(date), terminator: "")
case "man1" where args.count == 1: print(ManPage.commands(date: date), terminator: "")
case "man5" where args.count == 2:
    guard let example = contents(of: args[1]) else { fail("cannot read \(args[1]): \(String(cString: strerror(errno)))") }
    print(ManPage.config(example: example, date: date), terminator: "")
case "bash" where args.count == 1: print(Completions.bash, terminator: "")
case "zsh" where args.count == 1: print(Completions.zsh, terminator: "")
case "fish" where args.count == 1: print(Completions.fish, terminator: "")
default: fail("\n" + usage)
}
