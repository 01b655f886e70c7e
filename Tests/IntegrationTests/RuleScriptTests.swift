import Foundation
import Testing
import ToastCore

extension Integration {
    /// Issue 18: a matching rule's `script` runs on the real daemon, after the decision, with
    /// the toast in its environment, and its output goes to the daemon's log under the rule's name.
    @Suite struct RuleScriptTests {
        @Test("a rule's script writes its XTOAST_* environment to a file; its output is logged as 'rule NAME: …'; other toasts run nothing")
        func scriptSeesTheToast() throws {
            let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-script-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let out = scratch.appendingPathComponent("env").path
            let script = scratch.appendingPathComponent("on-mail.sh")
            try """
                #!/bin/sh
                env | grep '^XTOAST_' | sort > "$1.part" && mv "$1.part" "$1"
                echo "mail from $XTOAST_APP"
                """.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let daemon = try DaemonHarness(config: """
                [rule mail]
                match app = Mailer
                match summary ~ ^New
                kind = success
                script = "\(script.path)" "\(out)"
                """)
            _ = try daemon.xtoast(["show", "--app", "Player", "--timeout", "0", "New song"])
            let id = try daemon.show(["--app", "Mailer", "--title", "New mail", "--timeout", "0", "From Ada: the notes"])
            try waitUntil("the script to write its environment", timeout: 10) { FileManager.default.fileExists(atPath: out) }
            let env = try String(contentsOfFile: out, encoding: .utf8)
            let vars = Dictionary(env.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let eq = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<eq]), String(line[line.index(after: eq)...]))
            }, uniquingKeysWith: { a, _ in a })
            #expect(vars["XTOAST_ID"] == id.trimmingCharacters(in: .whitespacesAndNewlines), "\(env)")
            #expect(vars["XTOAST_APP"] == "Mailer")
            #expect(vars["XTOAST_SUMMARY"] == "New mail")
            #expect(vars["XTOAST_BODY"] == "From Ada: the notes")
            #expect(vars["XTOAST_KIND"] == "success", "the script sees what the rule decided: \(env)")
            #expect(vars["XTOAST_SOURCE"] == "socket")
            #expect(vars["XTOAST_RULE"] == "mail")
            #expect(vars["XTOAST_URGENCY"] == "normal")
            let stamp = Double(vars["XTOAST_TIMESTAMP"] ?? "") ?? 0
            #expect(abs(stamp - Date().timeIntervalSince1970) < 60, "\(env)")
            try waitUntil("the script's output in the log", timeout: 10) { daemon.log.contains("rule mail: mail from Mailer") }
            #expect(!daemon.log.contains("from Player"), "the Player toast matched no rule: \(daemon.log)")
        }
    }
}
