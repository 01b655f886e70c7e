import Testing
import Install
@testable import ToastCore

/// Issue 17: the version comes from `Version.number` alone.
@Suite struct VersionTests {
    @Test("the man pages' headers, their OPTIONS and GetServerInformation carry Version.number")
    func everywhere() {
        let header = #".TH XTOAST 1 "2025-01-01" "xtoast \#(Version.number)" "User Commands""#
        let man1 = ManPage.commands(date: "2025-01-01")
        #expect(man1.hasPrefix(header), "\(man1.prefix(80))")
        #expect(man1.contains(#"\-\-version"#) && man1.contains("xtoast \(Version.number)) and exit"))
        #expect(ManPage.config(example: "", date: "2025-01-01").hasPrefix(#".TH XTOAST 5 "2025-01-01" "xtoast \#(Version.number)""#))
        #expect(NotificationMapping.serverInformation.version == Version.number)
        #expect(Version.line("xtoastd") == "xtoastd \(Version.number)")
    }
}
