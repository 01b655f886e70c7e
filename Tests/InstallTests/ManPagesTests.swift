import Foundation
import Migration
import Operations
import Testing
@testable import Install
import ToastCore

/// Every page `ManPages` lists: what each must name (every request and event, every daemon
/// option, every dunstctl command, every dunst key the import maps or cannot), that groff
/// reads each without a warning and man renders it, and that `xtoast help --page` prints
/// the same text as `man -l` does.
@Suite(.serialized) struct ManPagesTests {
    static func page(_ id: String) throws -> String { try #require(ManPages.named(id)).render("2025-01-01") }
    static func roff(_ text: String) -> String { Roff.text(text) }

    /// Runs a program found on PATH with `input` on stdin; nil when it is not installed.
    static func tool(_ name: String, _ args: [String], input: String, environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String)? {
        guard let path = ["/usr/bin", "/bin", "/usr/local/bin"].map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile) else { return nil }
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-page-\(UUID().uuidString.prefix(8))")
        try input.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args + [file.path]
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test("pages are found by id, NAME(SECTION) and NAME.SECTION, and go where man looks for them")
    func names() throws {
        #expect(ManPages.all.map(\.path) == ["man1/xtoast.1", "man1/xtoastd.1", "man5/xtoast.5", "man7/xtoast-protocol.7",
                                             "man1/xtoast-dunstctl.1", "man7/xtoast-migrating.7"])
        #expect(ManPages.named("xtoast(5)")?.id == "xtoast.5" && ManPages.named("xtoastd.1")?.id == "xtoastd")
        #expect(ManPages.named("xtoast")?.section == 1 && ManPages.named("nope") == nil)
        for page in ManPages.all {
            let text = page.render("2025-01-01")
            #expect(text.hasPrefix(".TH \(Roff.text(page.name.uppercased())) \(page.section) \"2025-01-01\""), "\(page.id)")
            #expect(text.contains(".SH SEE ALSO"), "\(page.id)")
            for other in ManPages.all where other.id != page.id && !(other.name == page.name) {
                #expect(text.contains(".BR \(Roff.text(other.name)) (\(other.section))"), "\(page.id) does not point to \(other.id)")
            }
        }
    }

    @Test("xtoast help --page NAME asks for a page; xtoast help COMMAND keeps its meaning")
    func helpPage() throws {
        #expect(try CommandParser.parse(["help", "--page", "xtoast-protocol"]) == .page("xtoast-protocol"))
        #expect(try CommandParser.parse(["help", "show"]) == .help(Help.text(for: "show") ?? ""))
        #expect(throws: UsageError.self) { try CommandParser.parse(["help", "--page"]) }
    }

    @Test("the config page reads the example compiled in, which is assets/config.example")
    func embeddedExample() {
        #expect(ConfigExampleText.text + "\n" == ManPageTests.example, "run scripts/embed-config-example")
    }

    @Test("xtoast-protocol(7) has every request with the fields its op takes, every event and every reason, and both examples")
    func protocolPage() throws {
        let page = try Self.page("xtoast-protocol")
        for op in Request.operations { #expect(page.contains("\"op\":\"\(op)\""), "op \(op)") }
        for op in Operation.table {
            guard let wire = op.wire else { continue }
            #expect(page.contains(".TP\n\\fB\(Self.roff(op.name))\\fR\n"), "fields of \(op.name)")
            for field in wire.fields { #expect(page.contains(field), "\(op.name)'s field \(field)") }
        }
        for event in ["shown", "updated", "action", "reply", "dismissed", "count"] { #expect(page.contains("\"event\":\"\(event)\""), "\(event)") }
        for reason in DismissReason.allCases { #expect(page.contains(".TP\n\\fB\(reason.rawValue)\\fR"), "reason \(reason)") }
        #expect(page.contains("import json, os, socket") && page.contains("UNIX\\-CONNECT"))
        #expect(try Self.page("xtoast").contains("xtoast\\-protocol(7)"))
    }

    @Test("xtoastd(1) has the daemon's options, signals, bus names, files and exit codes")
    func daemonPage() throws {
        let page = try Self.page("xtoastd")
        for option in CommandTable.command(named: "daemon")?.options ?? [] {
            #expect(page.contains("\\fB\(Self.roff("--" + option.long))\\fR"), "\(option.long)")
        }
        for word in ["SIGHUP", "SIGTERM", "org.freedesktop.Notifications", "HandOver", "EXIT STATUS", "$XDG_STATE_HOME/xtoast/history",
                     "DISPLAY", "\\-\\-doctor"] {
            #expect(page.contains(word), "\(word)")
        }
    }

    @Test("xtoast-dunstctl(1) has every dunstctl command, each of which parses, and the manual covers dunstctl's own list")
    func dunstctlPage() throws {
        let page = try Self.page("xtoast-dunstctl")
        let listed = Dunstctl.helpText.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        let manual = Dunstctl.manual.map { String($0.usage.split(separator: " ")[0]) }
        #expect(Set(listed) == Set(manual), "\(listed) vs \(manual)")
        for (usage, _, _) in Dunstctl.manual {
            let word = String(usage.split(separator: " ")[0])
            #expect(page.contains(".TP\n\\fB\(Self.roff(word))\\fR"), "\(word)")
            guard case .success = Dunstctl.parse([word]) else {
                // Those that need an argument parse with their sample.
                let sample: [String] = ["set-paused": ["true"], "set-pause-level": ["0"], "rule": ["x", "enable"]][word] ?? []
                #expect((try? Dunstctl.parse([word] + sample).get()) != nil, "\(usage)")
                continue
            }
        }
    }

    @Test("xtoast-migrating(7) names every dunst key the import maps, every filter and shortcut, and every key it cannot map")
    func migratingPage() throws {
        let page = try Self.page("xtoast-migrating")
        for entry in DunstMapping.global + DunstMapping.rule { #expect(page.contains(".TP\n\\fB\(Self.roff(entry.dunst))\\fR"), "\(entry.dunst)") }
        for (dunst, field) in DunstMapping.filters { #expect(page.contains("\\fB\(Self.roff(dunst))\\fR\nmatch \(Self.roff(field))"), "\(dunst)") }
        for (dunst, _) in DunstMapping.shortcuts + DunstMapping.untranslated.map({ ($0.dunst, $0.why) }) {
            #expect(page.contains(".TP\n\\fB\(Self.roff(dunst))\\fR"), "\(dunst)")
        }
    }

    @Test("groff -ww reads every page without a warning, and man -l renders it with none")
    func groffIsQuiet() throws {
        for page in ManPages.all {
            let roff = page.render("2025-01-01")
            guard let groff = try Self.tool("groff", ["-ww", "-man", "-z"], input: roff) else { return }
            #expect(groff.status == 0 && groff.err.isEmpty && groff.out.isEmpty, "groff -ww \(page.id): \(groff.err)")
            guard let man = try Self.tool("man", ["-l"], input: roff, environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"]) else { return }
            #expect(man.status == 0 && man.err.isEmpty, "man -l \(page.id): \(man.err)")
        }
    }

    @Test("xtoast help --page prints the same text as man -l, line breaks aside")
    func sameTextAsMan() throws {
        for page in ManPages.all {
            let roff = page.render("2025-01-01")
            guard let man = try Self.tool("man", ["-l"], input: roff, environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"]) else { return }
            let ours = ManText.render(roff)
            #expect(ours.filter { !$0.isWhitespace } == man.out.filter { !$0.isWhitespace }, "\(page.id):\n\(ours)")
            // Past 78 columns only where man's lines are too (the examples, kept as written).
            let manLines = Set(man.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for line in ours.split(separator: "\n") where line.count > 78 {
                #expect(manLines.contains(line.trimmingCharacters(in: .whitespaces)), "\(page.id): \(line)")
            }
        }
    }
}
