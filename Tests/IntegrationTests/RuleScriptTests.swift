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

        @Test("a script written for dunst, run by a rule with script_args = dunst, gets dunst's five arguments and its DUNST_* variables")
        func dunstStyleScript() throws {
            let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("xtoast-dunst-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let out = scratch.appendingPathComponent("seen").path
            let script = scratch.appendingPathComponent("dunst-notify.sh")
            // As a dunst user writes one: the toast from its arguments, the rest from DUNST_*.
            try """
                #!/bin/sh
                { echo "argc=$#"; echo "appname=$1"; echo "summary=$2"; echo "body=$3"; echo "icon=$4"; echo "urgency=$5"
                  env | grep '^DUNST_' | sort; } > "\(out).part" && mv "\(out).part" "\(out)"
                """.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let icon = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/screenshots/image-card.png")
                .standardized.path
            let daemon = try DaemonHarness(config: """
                [rule tag]
                match app = Mailer
                stack_tag = mail
                category = email.arrived

                [rule dunst]
                match app = Mailer
                script = "\(script.path)"
                script_args = dunst
                """)
            let id = try daemon.show(["--app", "Mailer", "--title", "New mail", "--urgency", "critical", "--progress", "40",
                                      "--icon", icon, "--markup", "--timeout", "7",
                                      "From Ada: <a href=\"https://example.com/notes\">the notes</a>"])
            try waitUntil("the script to write what it saw", timeout: 10) { FileManager.default.fileExists(atPath: out) }
            let seen = try String(contentsOfFile: out, encoding: .utf8)
            let vars = Dictionary(seen.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let eq = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<eq]), String(line[line.index(after: eq)...]))
            }, uniquingKeysWith: { a, _ in a })
            #expect(vars["argc"] == "5", "\(seen)")
            #expect(vars["appname"] == "Mailer" && vars["summary"] == "New mail", "\(seen)")
            #expect(vars["body"] == "From Ada: <a href=\"https://example.com/notes\">the notes</a>", "\(seen)")
            #expect(vars["icon"] == icon && vars["urgency"] == "CRITICAL", "\(seen)")
            #expect(vars["DUNST_APP_NAME"] == "Mailer" && vars["DUNST_SUMMARY"] == "New mail", "\(seen)")
            #expect(vars["DUNST_BODY"] == vars["body"] && vars["DUNST_ICON_PATH"] == icon, "\(seen)")
            #expect(vars["DUNST_URGENCY"] == "CRITICAL" && vars["DUNST_ID"] == id.trimmingCharacters(in: .whitespacesAndNewlines), "\(seen)")
            #expect(vars["DUNST_PROGRESS"] == "40" && vars["DUNST_CATEGORY"] == "email.arrived" && vars["DUNST_STACK_TAG"] == "mail", "\(seen)")
            #expect(vars["DUNST_URLS"] == "https://example.com/notes" && vars["DUNST_TIMEOUT"] == "7000", "\(seen)")
            #expect(vars["DUNST_DESKTOP_ENTRY"] == "", "\(seen)")
            let stamp = (Double(vars["DUNST_TIMESTAMP"] ?? "") ?? 0) / 1000
            #expect(abs(stamp - Date().timeIntervalSince1970) < 60, "\(seen)")
        }
    }
}
