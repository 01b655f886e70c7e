#if canImport(Glibc)
import Glibc
#endif
import CX11

/// Measures what a user waits for: from launching `xtoast show` to the card's pixels on
/// screen, observed from outside the daemon by reading the screen with XGetImage.
/// Usage: xtoast-bench XTOAST_BINARY DAEMON_PID [RUNS]
///        xtoast-bench --compare PID RUNS SHOW_CMD... -- CLEAR_CMD...
///   (the second form times any other notifier the same way: e.g. notify-send with dunst)

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    var line = "xtoast-bench: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let args = CommandLine.arguments
let comparing = args.count > 1 && args[1] == "--compare"
guard args.count >= 3, let daemonPID = Int32(args[2]) else { fail("usage: xtoast-bench XTOAST DAEMON_PID [RUNS]") }
let client = args[1]
let runs = args.count > 3 ? Int(args[3]) ?? 40 : 40
/// For --compare: the command that shows one notification, and the one that clears them.
let otherShow = comparing ? Array(args.dropFirst(4).prefix { $0 != "--" }) : []
let otherClear = comparing ? Array(args.dropFirst(4).drop { $0 != "--" }.dropFirst()) : []
guard let display = XOpenDisplay(nil) else { fail("cannot open display") }
let screen = XDefaultScreen(display)
let root = XRootWindow(display, screen)
let width = XDisplayWidth(display, screen)

/// The strip the card's leading edge crosses first as it slides in from the right edge
/// (a notifier placed 16 px from the top-right corner covers it too).
let strip = (x: width - 26, y: Int32(30), w: UInt32(8), h: UInt32(8))

/// True while any pixel of the strip differs from the (black) root.
func cardVisible() -> Bool {
    guard let image = XGetImage(display, root, Int32(strip.x), strip.y, strip.w, strip.h, XAllPlanes(), ZPixmap) else { return false }
    defer { xt_destroy_image(image) }
    for y in 0..<Int32(strip.h) {
        for x in 0..<Int32(strip.w) where xt_get_pixel(image, x, y) & 0xFFFFFF != 0 { return true }
    }
    return false
}

func spawn(_ argv: [String]) -> pid_t {
    var pid: pid_t = 0
    let cargs = argv.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, argv[0], &actions, nil, cargs, environ) == 0 else { fail("cannot run \(argv[0])") }
    return pid
}

func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) {
    let deadline = now() + timeout
    while !condition() { if now() > deadline { fail("timed out waiting for \(what)") } }
}

func run(_ argv: [String]) -> Double {
    let start = now()
    var status: Int32 = 0
    waitpid(spawn(argv), &status, 0)
    return now() - start
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func p95(_ xs: [Double]) -> Double { xs.sorted()[min(xs.count - 1, Int(Double(xs.count) * 0.95))] }
func ms(_ x: Double) -> String { let v = (x * 10000).rounded() / 10; return "\(v) ms" }

func procField(_ file: String, _ key: String) -> Int {
    guard let f = fopen("/proc/\(daemonPID)/\(file)", "r") else { return -1 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, 512, f) != nil {
        let s = String(cString: line)
        if s.hasPrefix(key + ":") { return Int(s.dropFirst(key.count + 1).split(whereSeparator: { " \t\n".contains($0) }).first ?? "") ?? -1 }
    }
    return -1
}

/// Times `show` → pixels for `runs` notifications, clearing the screen between them.
func launchToPixels(show: (Int) -> [String], clear: [String]) -> [Double] {
    var times: [Double] = []
    for i in 0...runs {
        let start = now()
        var status: Int32 = 0
        let pid = spawn(show(i))
        waitFor("the notification's pixels", timeout: 5) { cardVisible() }
        let seen = now() - start
        waitpid(pid, &status, 0)
        if i > 0 { times.append(seen) } // the first run warms caches
        _ = run(clear)
        waitFor("the notification to leave", timeout: 5) { !cardVisible() }
    }
    return times
}

waitFor("a clear screen", timeout: 5) { !cardVisible() }
/// Resident memory counts shared library pages that other programs map too (Pango, glib and
/// gdk-pixbuf are mostly that); private dirty memory is what this process alone costs.
func memory() -> String {
    "\(procField("status", "VmRSS")) KiB resident, \(procField("smaps_rollup", "Private_Dirty")) KiB private dirty"
}
let idleMemory = memory()
if comparing {
    let times = launchToPixels(show: { otherShow + ["boom \($0)"] }, clear: otherClear)
    print("launch `\(otherShow.joined(separator: " "))` → pixels on screen: median \(ms(median(times))), p95 \(ms(p95(times))) (\(runs) notifications)")
    print("its memory, idle:                              \(idleMemory)")
    print("its memory after the run:                      \(memory())")
    exit(0)
}
let toPixels = launchToPixels(show: { [client, "show", "--kind", "error", "--timeout", "0", "boom \($0)"] },
                              clear: [client, "dismiss", "--all"])
var clientOnly: [Double] = []
for _ in 0..<runs { clientOnly.append(run([client, "--help"])) }
var roundTrip: [Double] = []
for _ in 0..<runs { roundTrip.append(run([client, "ping"])) }

// Idle: five still toasts on screen, then count the daemon's wakeups for 3 s.
for i in 0..<5 { _ = run([client, "show", "--timeout", "0", "still \(i)"]) }
usleep(1_500_000) // let the enter animations finish before counting
let before = procField("status", "voluntary_ctxt_switches")
usleep(3_000_000)
let after = procField("status", "voluntary_ctxt_switches")
let busyMemory = memory()
_ = run([client, "dismiss", "--all"])

// A loading toast's spinner is the one thing that turns while nothing else moves.
usleep(500_000)
_ = run([client, "show", "--kind", "loading", "spinning"])
usleep(1_000_000)
let spinBefore = procField("status", "voluntary_ctxt_switches")
usleep(3_000_000)
let spinAfter = procField("status", "voluntary_ctxt_switches")
_ = run([client, "dismiss", "--all"])

print("launch `xtoast show` → card pixels on screen: median \(ms(median(toPixels))), p95 \(ms(p95(toPixels))) (\(runs) toasts)")
print("client alone (`xtoast --help`):               median \(ms(median(clientOnly))), p95 \(ms(p95(clientOnly)))")
print("client + daemon round trip (`xtoast ping`):   median \(ms(median(roundTrip))), p95 \(ms(p95(roundTrip)))")
print("daemon memory, idle:                           \(idleMemory)")
print("daemon memory with 5 toasts:                   \(busyMemory)")
print("daemon wakeups in 3 s with 5 still toasts:     \(after - before)")
print("daemon wakeups in 3 s with a loading spinner:  \(spinAfter - spinBefore) (30 steps a second)")
