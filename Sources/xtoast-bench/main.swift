#if canImport(Glibc)
import Glibc
#endif
import CX11
import Operations
import ToastCore

/// Measures what a user waits for: from launching `xtoast show` to the card's pixels on
/// screen, observed from outside the daemon by reading the screen with XGetImage; and how the
/// cards move, from the X server's ConfigureNotify events for every window move.
/// Usage: xtoast-bench XTOAST_BINARY DAEMON_PID [RUNS]
///        xtoast-bench --compare PID RUNS SHOW_CMD... -- CLEAR_CMD...
///   (the second form times any other notifier the same way: e.g. notify-send with dunst;
///   its figures are kept under `$XTOAST_BENCH_KEY`, default `other`: `dbus` for notify-send
///   with xtoast)
///        xtoast-bench --resident PID RUNS CLIENT... -- CLEAR_CMD...
///   (an application already on the bus: CLIENT, started once (scripts/lib/bus-client.c),
///   says "ready" and sends one Notify per line it reads; each line written is timed to its
///   pixels, under `$XTOAST_BENCH_KEY.resident`)
///        xtoast-bench --report RESULTS
///   (prints the side-by-side table of what the runs before wrote to RESULTS)
///        xtoast-bench --launch XTOAST DAEMON_PID RUNS [ROUNDS]
///   (only launch → pixels for xtoast, the raw client and the 100-rule daemon, ROUNDS times
///   (default 5), and the rules' share of a launch: `XTOAST_BENCH_ONLY=launch scripts/bench`)
///        xtoast-bench --rules
///   (times only the rules: a toast matched against 100 of them, see RuleBench)
///        xtoast-bench --history-load / --history-file PATH / --history-memory EMPTY_PID FULL_PID [AFTER]
///   (times only loading 1,000 history entries; writes such a file; compares the private memory
///   of a daemon started on it with one started on none, see HistoryBench; AFTER says what the
///   full one did first)
///        xtoast-bench --center-filter
///   (times only typing a filter into the centre over 10,000 entries, see FilterBench)
///        xtoast-bench --record WxH+X+Y SECONDS FPS DIR
///   (records the screen region as numbered PPM frames on a fixed grid, for scripts/screenshots)
/// With `XTOAST_BENCH_RAW` naming a raw client (scripts/lib/raw-client.c), the first form
/// also times it sending the same line; with `XTOAST_BENCH_RESULTS` naming a file, each form
/// appends its figures there as `key value` lines for `--report`.

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
if args.count == 3 && args[1] == "--report" { report(args[2]) }
if args.count == 2 && args[1] == "--rules" { printRuleTime(); exit(0) }
if args.count == 2 && args[1] == "--history-load" { HistoryBench.printLoadTime(); exit(0) }
if args.count == 2 && args[1] == "--center-filter" { FilterBench.printTypingCost(); exit(0) }
if args.count == 3 && args[1] == "--history-file" { HistoryBench.write(args[2]); exit(0) }
if (4...5).contains(args.count) && args[1] == "--history-memory", let a = Int32(args[2]), let b = Int32(args[3]) {
    HistoryBench.printMemory(empty: a, full: b, after: args.count == 5 ? args[4] : nil)
    exit(0)
}
if args.count == 2 && args[1] == "--rules-config" { print(RuleBench.typicalConfig(), terminator: ""); exit(0) }
if args.count == 6 && args[1] == "--record" { record(region: args[2], seconds: args[3], fps: args[4], into: args[5]) }
let resident = args.count > 1 && args[1] == "--resident"
let comparing = args.count > 1 && (args[1] == "--compare" || resident)
/// `--launch XTOAST DAEMON_PID RUNS [ROUNDS]`: only launch → pixels (xtoast, the raw client,
/// the 100-rule daemon), ROUNDS times (default 5), with each round's ratio and their median.
let launchOnly = args.count > 1 && args[1] == "--launch"
let positional = launchOnly ? Array(args.dropFirst()) : args
guard positional.count >= 3, let daemonPID = Int32(positional[2]) else { fail("usage: xtoast-bench XTOAST DAEMON_PID [RUNS]") }
let client = positional[1]
let runs = positional.count > 3 ? Int(positional[3]) ?? 40 : 40
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

/// Starts `argv` with stdout on /dev/null, in this process's environment plus `extra`
/// ("NAME=value" entries, which win over inherited ones of the same name).
func spawn(_ argv: [String], extra: [String] = []) -> pid_t {
    var pid: pid_t = 0
    let cargs = argv.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    let names = Set(extra.map { $0.prefix { $0 != "=" } })
    var inherited: [String] = []
    var e = environ
    while let entry = e.pointee {
        let text = String(cString: entry)
        if !names.contains(text.prefix { $0 != "=" }) { inherited.append(text) }
        e += 1
    }
    var cenv = (inherited + extra).map { strdup($0) } + [nil]
    defer { cenv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, argv[0], &actions, nil, cargs, &cenv) == 0 else { fail("cannot run \(argv[0])") }
    return pid
}

/// Polls `condition` every 100 µs. Not a busy loop: on a 2-core machine, a bench that asks
/// the X server for pixels back to back keeps one core and most of Xvfb busy, and the client
/// and daemon it measures then wait for a CPU, which weighs most on whichever does more work.
func waitFor(_ what: String, timeout: Double, _ condition: () -> Bool) {
    let deadline = now() + timeout
    while !condition() {
        if now() > deadline { fail("timed out waiting for \(what)") }
        usleep(100)
    }
}

func run(_ argv: [String], extra: [String] = []) -> Double {
    let start = now()
    var status: Int32 = 0
    waitpid(spawn(argv, extra: extra), &status, 0)
    return now() - start
}

func median(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.sorted()[xs.count / 2] }
func p95(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.sorted()[min(xs.count - 1, Int(Double(xs.count) * 0.95))] }
func ms(_ x: Double) -> String { let v = (x * 10000).rounded() / 10; return "\(v) ms" }
func µs(_ x: Double) -> String { let v = (x * 1e7).rounded() / 10; return "\(v) µs" }

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
func launchToPixels(show: @escaping (Int) -> [String], clear: [String]) -> [Double] {
    launchToPixels(shows: [show], clear: clear)[0]
}

/// The same for several clients taking turns, run by run, so that a change in the machine's
/// load (it is shared) weighs on each of them alike and their ratio stays fair.
/// `environments[k]`, when given, is added to client k's environment (its clear too).
func launchToPixels(shows: [(Int) -> [String]], clear: [String], environments: [[String]] = []) -> [[Double]] {
    var times = [[Double]](repeating: [], count: shows.count)
    for i in 0...runs {
        for (k, show) in shows.enumerated() {
            let extra = environments.indices.contains(k) ? environments[k] : []
            let start = now()
            var status: Int32 = 0
            let pid = spawn(show(i), extra: extra)
            waitFor("the notification's pixels", timeout: 5) { cardVisible() }
            let seen = now() - start
            waitpid(pid, &status, 0)
            if i > 0 { times[k].append(seen) } // the first run warms caches
            _ = run(clear, extra: extra)
            waitFor("the notification to leave", timeout: 5) { !cardVisible() }
        }
    }
    return times
}

/// Times a notification from an application that is on the bus already: `client` is started
/// once with pipes on its stdin and stdout; after its "ready", each run writes one line (the
/// summary) and waits for the pixels. The first run warms caches and is not counted.
func residentToPixels(client: [String], clear: [String]) -> [Double] {
    var toClient: [Int32] = [0, 0], fromClient: [Int32] = [0, 0]
    guard pipe(&toClient) == 0, pipe(&fromClient) == 0 else { fail("pipe") }
    var pid: pid_t = 0
    let cargs = client.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, toClient[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromClient[1], 1)
    posix_spawn_file_actions_addclose(&actions, toClient[1])
    posix_spawn_file_actions_addclose(&actions, fromClient[0])
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, client[0], &actions, nil, cargs, environ) == 0 else { fail("cannot run \(client[0])") }
    close(toClient[0])
    close(fromClient[1])
    var ready = [UInt8](repeating: 0, count: 6)
    guard read(fromClient[0], &ready, 6) == 6, ready == Array("ready\n".utf8) else { fail("\(client[0]) did not connect") }
    var times: [Double] = []
    for i in 0...runs {
        let line = Array("boom \(i)\n".utf8)
        let start = now()
        guard write(toClient[1], line, line.count) == line.count else { fail("\(client[0]) went away") }
        waitFor("the notification's pixels", timeout: 5) { cardVisible() }
        if i > 0 { times.append(now() - start) }
        _ = run(clear)
        waitFor("the notification to leave", timeout: 5) { !cardVisible() }
    }
    close(toClient[1])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(fromClient[0])
    return times
}

waitFor("a clear screen", timeout: 5) { !cardVisible() }
/// Resident memory counts shared library pages that other programs map too (Pango, glib and
/// gdk-pixbuf are mostly that); private dirty memory is what this process alone costs.
func memory() -> String {
    "\(procField("status", "VmRSS")) KiB resident, \(procField("smaps_rollup", "Private_Dirty")) KiB private dirty"
}
let idleMemory = memory()
let idleFigures = (procField("status", "VmRSS"), procField("smaps_rollup", "Private_Dirty"))
if resident {
    let times = residentToPixels(client: otherShow, clear: otherClear)
    print("a line to `\(otherShow.joined(separator: " "))`, on the bus already → pixels on screen: median \(ms(median(times))), p95 \(ms(p95(times))) (\(runs) notifications)")
    let key = getenv("XTOAST_BENCH_KEY").map { String(cString: $0) } ?? "other"
    record(key + ".resident.pixels", median(times), p95(times))
    exit(0)
}
if comparing {
    let times = launchToPixels(show: { otherShow + ["boom \($0)"] }, clear: otherClear)
    print("launch `\(otherShow.joined(separator: " "))` → pixels on screen: median \(ms(median(times))), p95 \(ms(p95(times))) (\(runs) notifications)")
    print("its memory, idle:                              \(idleMemory)")
    print("its memory after the run:                      \(memory())")
    let key = getenv("XTOAST_BENCH_KEY").map { String(cString: $0) } ?? "other"
    record(key + ".pixels", median(times), p95(times))
    record(key + ".memory.idle", Double(idleFigures.0), Double(idleFigures.1))
    record(key + ".memory.busy", Double(procField("status", "VmRSS")), Double(procField("smaps_rollup", "Private_Dirty")))
    exit(0)
}
// With a raw client (a few lines of C sending the same line: what a client could cost at the
// very least), the two take turns.
let raw = getenv("XTOAST_BENCH_RAW").map { String(cString: $0) }
var shows: [(Int) -> [String]] = [{ [client, "show", "--kind", "error", "--timeout", "0", "boom \($0)"] }]
if let raw { shows.append { [raw, #"{"op":"show","message":"boom \#($0)","kind":"error","timeout":0}"#] } }
// A second daemon whose config has 100 rules (RuleBench's typical mix), taking turns with the
// first, so the rules' cost to a toast is read against none in the same run.
var environments: [[String]] = []
let rulesSocket = getenv("XTOAST_BENCH_RULES_SOCKET").map { String(cString: $0) }
if let rulesSocket {
    environments = Array(repeating: [], count: shows.count) + [["XTOAST_SOCKET=" + rulesSocket]]
    shows.append { [client, "show", "--kind", "error", "--timeout", "0", "boom \($0)"] }
}
if launchOnly { launchRounds(positional.count > 4 ? max(1, Int(positional[4]) ?? 5) : 5) }
let measured = launchToPixels(shows: shows, clear: [client, "dismiss", "--all"], environments: environments)
let toPixels = measured[0]
record("xtoast.pixels", median(toPixels), p95(toPixels))
if let rawPixels = measured.dropFirst().first {
    print("launch a raw C client → card pixels on screen: median \(ms(median(rawPixels))), p95 \(ms(p95(rawPixels))) (\(runs) toasts)")
    record("raw.pixels", median(rawPixels), p95(rawPixels))
}
if rulesSocket != nil, let rulesPixels = measured.last {
    print("launch `xtoast show` to a daemon with 100 rules → card pixels: median \(ms(median(rulesPixels))), p95 \(ms(p95(rulesPixels))) (\(runs) toasts)")
    record("rules.pixels", median(rulesPixels), p95(rulesPixels))
}
var clientOnly: [Double] = []
for _ in 0..<runs { clientOnly.append(run([client, "--help"])) }
var roundTrip: [Double] = []
for _ in 0..<runs { roundTrip.append(run([client, "ping"])) }

// Five cards entering together: every window move the server makes, timed as it is reported.
// Decoding a request line, the daemon's first step for every one: a typical show and one
// with a 3 000-character message (median of 50 batches of 1 000, in this process).
func decodeTime(_ line: [UInt8]) -> Double {
    var batches: [Double] = []
    for _ in 0..<50 {
        let start = now()
        for _ in 0..<1000 { guard case .success = Request.decode(line: line) else { fail("the benchmark's request was refused") } }
        batches.append((now() - start) / 1000)
    }
    return median(batches)
}
let typicalShow = Array(#"{"op":"show","message":"Build finished in 38 s: all 214 tests passed","kind":"success","timeout":5,"title":"CI"}"#.utf8)
let longShow = Array(("{\"op\":\"show\",\"message\":\"" + String(repeating: "x", count: 3000) + "\"}").utf8)
let decoding = (decodeTime(typicalShow), decodeTime(longShow))
print("decoding a request: \(typicalShow.count)-byte show \(µs(decoding.0)), 3 000-character message \(µs(decoding.1))")
record("decode.time", decoding.0, decoding.1)
printRuleTime()
HistoryBench.printLoadTime()
FilterBench.printTypingCost()

/// `--launch`: the launch rows alone, `rounds` times over (each round `runs` toasts of each
/// client, taking turns), so that the ratio to the raw client is read as the median of rounds
/// rather than of one run on a shared machine; then what matching 100 rules costs a toast
/// beside the 100-rule daemon's median launch (the budget: 2 %).
@MainActor func launchRounds(_ rounds: Int) -> Never {
    var ratios: [Double] = [], medians: [(Double, Double, Double)] = []
    for round in 1...rounds {
        let measured = launchToPixels(shows: shows, clear: [client, "dismiss", "--all"], environments: environments)
        let mine = median(measured[0])
        let theirs = raw == nil ? Double.nan : median(measured[1])
        let withRules = rulesSocket == nil ? Double.nan : median(measured[measured.count - 1])
        ratios.append(mine / theirs)
        medians.append((mine, theirs, withRules))
        print("launch round \(round): xtoast show \(ms(mine)), raw C client \(ms(theirs)), \(round2(mine / theirs))x; "
              + "with 100 rules \(ms(withRules)) (\(runs) toasts each, load \(loadAverage()))")
    }
    let ratio = median(ratios)
    let (mine, theirs, withRules) = medians.sorted { $0.0 / $0.1 < $1.0 / $1.1 }[medians.count / 2]
    print("launch → pixels, median of \(rounds) rounds: xtoast show \(round2(ratio))x the raw C client (goal 1.15x): "
          + "\(ms(mine)) against \(ms(theirs))")
    record("launch.ratio", ratio, Double(rounds))
    record("xtoast.pixels", mine, 0)
    record("raw.pixels", theirs, 0)
    let (typical, _) = RuleBench.measure()
    let rulesLaunch = median(medians.map(\.2))
    print("matching a toast against 100 rules \(µs(typical)): \(round2(typical / rulesLaunch * 100)) % of the 100-rule daemon's median launch \(ms(rulesLaunch)) (budget 2 %)")
    record("rules.share", typical / rulesLaunch, rulesLaunch)
    exit(0)
}

func round2(_ x: Double) -> Double { (x * 100).rounded() / 100 }

/// The 1-minute load average, as /proc/loadavg says it.
func loadAverage() -> String {
    guard let f = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 64)
    guard fgets(&line, 64, f) != nil else { return "?" }
    return String(String(cString: line).prefix { $0 != " " })
}

/// Matching a typical toast against 100 rules (RuleBench), printed and recorded.
func printRuleTime() {
    let (typical, regexes) = RuleBench.measure()
    print("matching a toast against 100 rules: typical mix \(µs(typical)), 100 regular expressions without a literal \(µs(regexes)) (budget 20 µs)")
    record("rules.time", typical, regexes)
    let (limits, bound) = RuleBench.measureAtLimits()
    print("matching an 8 KB body at the limits: a rule of 32 regular expressions \(µs(limits)) (budget 2 ms), the costliest single pattern \(µs(bound))")
    record("rules.limits", limits, bound)
    for worst in RuleBench.measureBudget() {
        print("rules.budget \(worst.name): \(worst.rules) rules charged \(worst.steps) steps (budget \(RuleLimits.matchingBudget)): \(µs(worst.seconds)) per toast (at most 2 ms)")
        record("rules.budget.\(worst.name)", worst.seconds, Double(worst.steps))
    }
    let growth = RuleBench.measureGrowth()
    print("rules.growth: 0 rules \(µs(growth.0)), 100 indexed \(µs(growth.1)), 1000 indexed \(µs(growth.2)) per toast; an unindexed rule that fails \(Double(Int((growth.3 * 1e10).rounded())) / 10) ns (at most 50 ns)")
    record("rules.growth", growth.2 / max(growth.0, 1e-9), growth.3)
}

let enter = framesOfFiveEntering()
print("5 cards entering: \(enter.frames) frames over \(ms(enter.span)), interval mean \(ms(enter.mean)), worst \(ms(enter.worst)); daemon CPU \(ms(enter.cpu))")
record("enter.frames", Double(enter.frames), enter.span)
record("enter.interval", enter.mean, enter.worst)
record("enter.cpu", enter.cpu, 0)

// Idle: the five still toasts on screen, then count the daemon's wakeups for 3 s.
let before = procField("status", "voluntary_ctxt_switches")
usleep(3_000_000)
let after = procField("status", "voluntary_ctxt_switches")
let busyMemory = memory()
let busyFigures = (procField("status", "VmRSS"), procField("smaps_rollup", "Private_Dirty"))
_ = run([client, "dismiss", "--all"])

// A loading toast's spinner is the one thing that turns while nothing else moves.
usleep(500_000)
_ = run([client, "show", "--kind", "loading", "spinning"])
usleep(1_000_000)
let spinBefore = procField("status", "voluntary_ctxt_switches")
usleep(3_000_000)
let spinAfter = procField("status", "voluntary_ctxt_switches")
_ = run([client, "dismiss", "--all"])

record("client.alone", median(clientOnly), p95(clientOnly))
record("client.ping", median(roundTrip), p95(roundTrip))
record("memory.idle", Double(idleFigures.0), Double(idleFigures.1))
record("memory.busy", Double(busyFigures.0), Double(busyFigures.1))
record("wakeups.idle", Double(after - before), 0)
record("wakeups.spinner", Double(spinAfter - spinBefore), 0)
print("launch `xtoast show` → card pixels on screen: median \(ms(median(toPixels))), p95 \(ms(p95(toPixels))) (\(runs) toasts)")
print("client alone (`xtoast --help`):               median \(ms(median(clientOnly))), p95 \(ms(p95(clientOnly)))")
print("client + daemon round trip (`xtoast ping`):   median \(ms(median(roundTrip))), p95 \(ms(p95(roundTrip)))")
print("daemon memory, idle:                           \(idleMemory)")
print("daemon memory with 5 toasts:                   \(busyMemory)")
print("daemon wakeups in 3 s with 5 still toasts:     \(after - before)")
print("daemon wakeups in 3 s with a loading spinner:  \(spinAfter - spinBefore) (30 steps a second)")

// `xtoast center open` with a full history: launch to the panel's first pixels at the right
// edge (it is mapped one frame into its slide, so its leading edge is already on screen).
func panelVisible() -> Bool {
    guard let image = XGetImage(display, root, Int32(width - 2), 300, 2, 8, XAllPlanes(), ZPixmap) else { return false }
    defer { xt_destroy_image(image) }
    for y in 0..<Int32(8) { for x in 0..<Int32(2) where xt_get_pixel(image, x, y) & 0xFFFFFF != 0 { return true } }
    return false
}
for i in 0..<1000 { _ = run([client, "show", "--timeout", "0.001", "--app", "app\(i % 7)", "--title", "entry \(i)", "history \(i)"]) }
waitFor("the history toasts to end", timeout: 30) { !cardVisible() }
usleep(300_000)
var centerPixels: [Double] = []
for i in 0...runs {
    let start = now()
    var status: Int32 = 0
    let pid = spawn([client, "center", "open"])
    waitFor("the centre's pixels", timeout: 5) { panelVisible() }
    let seen = now() - start
    waitpid(pid, &status, 0)
    if i > 0 { centerPixels.append(seen) }
    _ = run([client, "center", "close"])
    waitFor("the centre to close", timeout: 5) { !panelVisible() }
}
record("center.pixels", median(centerPixels), p95(centerPixels))
print("launch `xtoast center open` (1000 entries in history) → panel pixels: median \(ms(median(centerPixels))), p95 \(ms(p95(centerPixels))) (\(runs) opens)")

// A flick, played with XTest on a card at the top centre.
usleep(500_000)
let flick = flickOff()
print("flick at \((flick.released * 100).rounded() / 100) px/ms (drag average): first exit frame \(ms(flick.firstFrame)) after release, "
      + "slowest exit frame \((flick.slowest * 100).rounded() / 100) px/ms, gone \(ms(flick.gone)) after release, last at x = \(flick.lastX)")
record("flick.speed", flick.released, flick.slowest)
record("flick.timing", flick.firstFrame, flick.gone)

// A long card at the bottom expands after a click: does any frame show outside the screen?
usleep(300_000)
let grow = expandAtBottom()
print("expanding a card at the bottom: \(grow.frames) moves and resizes, \(grow.from) → \(grow.to) px tall, "
      + "reaching past the screen's bottom by \(grow.past) px at most")
record("grow.frames", Double(grow.frames), Double(grow.past))

// MARK: Frames

/// Nanoseconds the daemon has run on a CPU (the first field of /proc/PID/schedstat), which
/// unlike utime is not counted in 10 ms ticks.
func cpuTime() -> Double {
    guard let f = fopen("/proc/\(daemonPID)/schedstat", "r") else { return .nan }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 128)
    guard fgets(&line, 128, f) != nil, let first = String(cString: line).split(separator: " ").first,
          let ns = UInt64(first) else { return .nan }
    return Double(ns) / 1e9
}

/// Launches five `xtoast show` at once and times every move the server reports (a card's
/// window is a child of the root, so the root's SubstructureNotify sees each `XMoveWindow`)
/// until nothing has moved for 400 ms. Moves less than 4 ms apart belong to one frame; the
/// intervals are between the first moves of consecutive frames.
func framesOfFiveEntering() -> (frames: Int, span: Double, mean: Double, worst: Double, cpu: Double) {
    XSelectInput(display, root, SubstructureNotifyMask)
    XSync(display, 0)
    var event = XEvent()
    while XPending(display) > 0 { XNextEvent(display, &event) }
    let cpuBefore = cpuTime()
    let pids = (0..<5).map { spawn([client, "show", "--timeout", "0", "still \($0)"]) }
    var frameStarts: [Double] = []
    var last = now()
    let deadline = last + 5
    var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
    while now() - last < 0.4, now() < deadline {
        if XPending(display) == 0 { _ = poll(&fds, 1, 50) }
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            guard event.type == ConfigureNotify else { continue }
            let t = now()
            if frameStarts.isEmpty || t - last > 0.004 { frameStarts.append(t) }
            last = t
        }
    }
    let cpu = cpuTime() - cpuBefore
    for pid in pids { var status: Int32 = 0; waitpid(pid, &status, 0) }
    XSelectInput(display, root, 0)
    // The first move is each card's paint as it is created, one frame into its spring; the
    // frames follow from the second on.
    let frames = Array(frameStarts.dropFirst())
    let intervals = zip(frames, frames.dropFirst()).map { $1 - $0 }
    if getenv("XTOAST_BENCH_VERBOSE") != nil { print("frame intervals (ms):", intervals.map { ms($0).dropLast(3) }.joined(separator: " ")) }
    let mean = intervals.isEmpty ? .nan : intervals.reduce(0, +) / Double(intervals.count)
    return (frames.count, (frameStarts.last ?? 0) - (frameStarts.first ?? 0), mean, intervals.max() ?? .nan, cpu)
}

// MARK: Results

/// Appends `key a b` to the results file, when one is named.
func record(_ key: String, _ a: Double, _ b: Double) {
    guard let path = getenv("XTOAST_BENCH_RESULTS"), let f = fopen(path, "a") else { return }
    defer { fclose(f) }
    fputs("\(key) \(a) \(b)\n", f)
}

/// Prints the comparison the separate runs could not: launch-to-pixels side by side with
/// ratios, and memory beside the other notifier's.
func report(_ path: String) -> Never {
    var rows: [String: (Double, Double)] = [:]
    if let f = fopen(path, "r") {
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let parts = String(cString: line).split(separator: " ").map { String($0.filter { $0 != "\n" }) }
            if parts.count == 3, let a = Double(parts[1]), let b = Double(parts[2]) { rows[parts[0]] = (a, b) }
        }
        fclose(f)
    }
    func ratio(_ a: String, _ b: String) -> String {
        guard let x = rows[a]?.0, let y = rows[b]?.0, y > 0 else { return "" }
        return "\((x / y * 100).rounded() / 100)x"
    }
    print("\nlaunch → pixels                      median     p95       ratio")
    for (key, name, vs) in [("raw.pixels", "raw C client (same JSON line)", ""),
                            ("xtoast.pixels", "xtoast show", "raw.pixels"),
                            ("rules.pixels", "xtoast show, 100 rules", "xtoast.pixels"),
                            ("center.pixels", "xtoast center open, full history", "xtoast.pixels"),
                            ("other.pixels", "notify-send → dunst", "xtoast.pixels"),
                            ("dbus.pixels", "notify-send → xtoast (D-Bus)", "other.pixels"),
                            ("other.resident.pixels", "app on the bus → dunst", ""),
                            ("dbus.resident.pixels", "app on the bus → xtoast", "other.resident.pixels")] {
        guard let (m, p) = rows[key] else { continue }
        let of = ["raw.pixels": " of raw", "xtoast.pixels": " of xtoast show", "other.pixels": " of dunst's",
                  "other.resident.pixels": " of dunst's"]
        let r = vs.isEmpty ? "1" : ratio(key, vs) + (of[vs] ?? "")
        print(name.padding(37) + ms(m).padding(11) + ms(p).padding(10) + r)
    }
    if let (m, p) = rows["client.alone"] { print("client alone (xtoast --help)".padding(37) + ms(m).padding(11) + ms(p)) }
    if let (m, p) = rows["client.ping"] { print("client + daemon round trip (ping)".padding(37) + ms(m).padding(11) + ms(p)) }
    if let (n, span) = rows["enter.frames"], let (mean, worst) = rows["enter.interval"] {
        print("5 cards entering: \(Int(n)) frames over \(ms(span)); interval mean \(ms(mean)), worst \(ms(worst)); daemon CPU \(ms(rows["enter.cpu"]?.0 ?? .nan))")
    }
    if let (released, slowest) = rows["flick.speed"], let (first, gone) = rows["flick.timing"] {
        print("flick at \((released * 100).rounded() / 100) px/ms: first exit frame \(ms(first)) after release, slowest exit step \((slowest * 100).rounded() / 100) px/ms, gone after \(ms(gone))")
    }
    if let (frames, past) = rows["grow.frames"] {
        print("expanding a card at the bottom: \(Int(frames)) moves and resizes, past the screen's bottom by \(Int(past)) px at most")
    }
    for (key, name) in [("memory", "xtoastd"), ("other.memory", "dunst")] {
        guard let (r, d) = rows[key + ".idle"] else { continue }
        let busy = rows[key + ".busy"].map { ", busy \(Int($0.0)) KiB resident, \(Int($0.1)) KiB private dirty" } ?? ""
        print("\(name) memory: idle \(Int(r)) KiB resident, \(Int(d)) KiB private dirty\(busy)")
    }
    for name in ["xtoast", "dunst"] {
        guard let (idle, card) = rows[name + ".memory.card"] else { continue }
        print("\(name) on the session bus, fresh: idle \(Int(idle)) KiB private dirty, with one card from notify-send \(Int(card)) KiB")
    }
    if let (w, _) = rows["wakeups.idle"] { print("xtoastd wakeups in 3 s with 5 still toasts: \(Int(w))") }
    if let (small, large) = rows["decode.time"] { print("decoding a request: typical show \(µs(small)), 3 000-character message \(µs(large))") }
    if let (seconds, bytes) = rows["history.load"] { print("loading 1000 history entries (\(Int(bytes) >> 10) KiB): \(ms(seconds))") }
    if let (cost, total) = rows["history.memory"] { print("xtoastd idle with 1000 history entries: \(Int(total)) KiB private dirty, \(Int(cost)) KiB for the history") }
    if let (cost, total) = rows["history.memory.opened"] { print("the same after both daemons' centres opened, went to the end and closed: \(Int(total)) KiB private dirty, \(Int(cost)) KiB for the history") }
    if let (ratio, rounds) = rows["launch.ratio"] { print("launch → pixels, median of \(Int(rounds)) rounds: xtoast show \(round2(ratio))x the raw C client") }
    if let (share, launch) = rows["rules.share"] ?? rows["rules.time"].flatMap({ t in rows["rules.pixels"].map { (t.0 / $0.0, $0.0) } }) {
        print("matching 100 rules: \(round2(share * 100)) % of a launch to the 100-rule daemon (\(ms(launch)); budget 2 %)")
    }
    if let (typical, regexes) = rows["rules.time"] { print("matching a toast against 100 rules: typical mix \(µs(typical)), 100 regular expressions without a literal \(µs(regexes))") }
    if let (limits, bound) = rows["rules.limits"] { print("matching an 8 KB body at the limits: a rule of 32 regular expressions \(µs(limits)), one pattern at the size bound \(µs(bound))") }
    if let (median, worst) = rows["center.filter.key"] { print("typing a centre filter over 10,000 entries: a keystroke \(ms(median)) median, \(ms(worst)) worst") }
    if let (search, atOnce) = rows["center.filter.search"] { print("  its whole search \(ms(search)) median over the frames after it; the history filtered at once \(ms(atOnce))") }
    exit(0)
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

// MARK: Recording

/// Writes the region `WxH+X+Y` of the screen as `DIR/frame-NNNN.ppm`, `fps` times a second on
/// a fixed grid (a late frame is taken at once and the grid kept), for `seconds`. Frames come
/// from XGetImage on the root, which under a compositor is what the screen shows.
func record(region: String, seconds: String, fps: String, into dir: String) -> Never {
    let parts = region.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int32($0) }
    guard parts.count == 4, parts[0] > 0, parts[1] > 0, parts[0] <= 4096, parts[1] <= 4096,
          let duration = Double(seconds), duration > 0, duration <= 30,
          let rate = Double(fps), rate >= 1, rate <= 100 else {
        fail("usage: xtoast-bench --record WxH+X+Y SECONDS(0-30] FPS[1-100] DIR")
    }
    guard let display = XOpenDisplay(nil) else { fail("cannot open display") }
    let root = XRootWindow(display, XDefaultScreen(display))
    let (w, h, x, y) = (parts[0], parts[1], parts[2], parts[3])
    let start = now()
    let count = Int(duration * rate)
    var rgb = [UInt8](repeating: 0, count: Int(w) * Int(h) * 3)
    for i in 0..<count {
        let due = start + Double(i) / rate
        let wait = due - now()
        if wait > 0 { usleep(UInt32(wait * 1e6)) }
        guard let image = XGetImage(display, root, x, y, UInt32(w), UInt32(h), XAllPlanes(), ZPixmap) else { fail("cannot read the screen") }
        var k = 0
        for row in 0..<h {
            for col in 0..<w {
                let p = xt_get_pixel(image, col, row)
                rgb[k] = UInt8((p >> 16) & 0xFF); rgb[k + 1] = UInt8((p >> 8) & 0xFF); rgb[k + 2] = UInt8(p & 0xFF)
                k += 3
            }
        }
        xt_destroy_image(image)
        let name = String(i)
        let path = dir + "/frame-" + String(repeating: "0", count: max(0, 4 - name.count)) + name + ".ppm"
        guard let f = fopen(path, "w") else { fail("cannot write \(path)") }
        fputs("P6\n\(w) \(h)\n255\n", f)
        _ = rgb.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    exit(0)
}

// MARK: A flick

/// Shows a card at the top centre, then drags it 260 px to the right in 120 ms with XTest
/// (about 2.2 px/ms) and lets go. Times every move of its window from the server's
/// ConfigureNotify events until its DestroyNotify: how soon after the release it first moves,
/// its slowest step after the release (px/ms; a thrown card should never go slower than it
/// was thrown), when it is gone, and where it was last (wholly off a 1280 px screen at 1280).
func flickOff() -> (released: Double, firstFrame: Double, slowest: Double, gone: Double, lastX: Int) {
    _ = run([client, "show", "--position", "top", "--timeout", "0", "flick me"])
    usleep(1_000_000) // at rest
    XSelectInput(display, root, SubstructureNotifyMask)
    XSync(display, 0)
    var event = XEvent()
    while XPending(display) > 0 { XNextEvent(display, &event) }
    var window: Window = 0
    var moves: [(t: Double, x: Int)] = []
    var destroyed = Double.nan
    var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
    /// Takes the card's moves as they come, each timed on arrival, until `deadline` (or its end).
    func collect(until deadline: Double) {
        while destroyed.isNaN, now() < deadline {
            if XPending(display) == 0 { _ = poll(&fds, 1, Int32(max(0, min(50, (deadline - now()) * 1000)).rounded(.up))) }
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                let t = now()
                if event.type == ConfigureNotify, window == 0 || event.xconfigure.window == window {
                    window = event.xconfigure.window
                    moves.append((t, Int(event.xconfigure.x)))
                } else if event.type == DestroyNotify, window != 0, event.xdestroywindow.window == window {
                    destroyed = t
                }
            }
        }
    }
    let (x0, y0): (Int32, Int32) = (width / 2 - 80, 40)
    XTestFakeMotionEvent(display, -1, x0, y0, 0)
    XTestFakeButtonEvent(display, 1, 1, 0)
    XFlush(display)
    let steps: Int32 = 8
    for i in 1...steps {
        collect(until: now() + 0.015)
        XTestFakeMotionEvent(display, -1, x0 + 260 * i / steps, y0, 0)
        XFlush(display)
    }
    collect(until: now() + 0.002)  // the last drag move
    XTestFakeButtonEvent(display, 1, 0, 0)
    XFlush(display)
    let release = now()
    collect(until: release + 2)
    let gone = destroyed - release
    XSelectInput(display, root, 0)
    XTestFakeMotionEvent(display, -1, 1, Int32(XDisplayHeight(display, screen)) - 1, 0)
    XFlush(display)
    let before = moves.filter { $0.t <= release }
    let after = moves.filter { $0.t > release }
    let dragged = before.count > 1 ? Double(before[before.count - 1].x - before[0].x) / ((before[before.count - 1].t - before[0].t) * 1000) : .nan
    // From where the pointer let go, at the release; the last step ends where the card is
    // wholly off screen, so it may be short: not counted.
    let path = (before.last.map { [(t: release, x: $0.x)] } ?? []) + after
    let speeds = zip(path, path.dropFirst()).map { Double($1.x - $0.x) / (($1.t - $0.t) * 1000) }.dropLast()
    if getenv("XTOAST_BENCH_VERBOSE") != nil { print("flick steps (px/ms):", speeds.map { "\(($0 * 100).rounded() / 100)" }.joined(separator: " ")) }
    return (dragged, (after.first?.t ?? .nan) - release, speeds.min() ?? .nan, gone, after.last?.x ?? -1)
}

// MARK: Growing at the bottom

/// Shows a long toast at the bottom-right, clicks it with XTest so it expands, and follows its
/// window's ConfigureNotify events (position and size) until it has been still for 300 ms.
/// `past` is how far below the screen's bottom edge the window's bottom ever was (0: never).
func expandAtBottom() -> (frames: Int, from: Int, to: Int, past: Int) {
    let long = String(repeating: "A long message that goes on and on. ", count: 12)
    _ = run([client, "show", "--position", "bottom-right", "--timeout", "0", long])
    usleep(1_000_000) // at rest
    let height = Int(XDisplayHeight(display, screen))
    XSelectInput(display, root, SubstructureNotifyMask)
    XSync(display, 0)
    var event = XEvent()
    while XPending(display) > 0 { XNextEvent(display, &event) }
    // The card rests 16 px from the bottom-right corner: click 60 px in from its right edge.
    XTestFakeMotionEvent(display, -1, width - 76, Int32(height) - 40, 0)
    XTestFakeButtonEvent(display, 1, 1, 0)
    XTestFakeButtonEvent(display, 1, 0, 0)
    XFlush(display)
    var frames: [(y: Int, h: Int)] = []
    var last = now()
    var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
    while now() - last < 0.3, now() < last + 3 {
        if XPending(display) == 0 { _ = poll(&fds, 1, 50) }
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            guard event.type == ConfigureNotify else { continue }
            frames.append((Int(event.xconfigure.y), Int(event.xconfigure.height)))
            last = now()
        }
    }
    XSelectInput(display, root, 0)
    XTestFakeMotionEvent(display, -1, 1, Int32(height) - 1, 0)
    XFlush(display)
    _ = run([client, "dismiss", "--all"])
    let past = frames.map { max(0, $0.y + $0.h - height) }.max() ?? 0
    return (frames.count, frames.first?.h ?? 0, frames.last?.h ?? 0, past)
}
