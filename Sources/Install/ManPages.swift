import ToastCore

/// Every man page xtoast installs: where it goes, and how it is made (`ManPage`). The same
/// list feeds `xtoast-generate`, `scripts/install`'s pages and `xtoast help --page NAME`.
public enum ManPages {
    public struct Page: Sendable {
        /// How `xtoast help --page` and `xtoast-generate page` name it: `xtoast`, `xtoast.5`, `xtoastd`…
        public let id: String
        public let name: String
        public let section: Int
        /// Its roff, with `date` (YYYY-MM-DD) in the header.
        public let render: @Sendable (_ date: String) -> String

        /// `man1/xtoast.1`: where it goes under `share/man`.
        public var path: String { "man\(section)/\(name).\(section)" }
    }

    public static let all: [Page] = [
        Page(id: "xtoast", name: "xtoast", section: 1) { ManPage.commands(date: $0) },
        Page(id: "xtoastd", name: "xtoastd", section: 1) { ManPage.daemon(date: $0) },
        Page(id: "xtoast.5", name: "xtoast", section: 5) { ManPage.config(example: ConfigExampleText.text, date: $0) },
        Page(id: "xtoast-protocol", name: "xtoast-protocol", section: 7) { ManPage.socketProtocol(date: $0) },
        Page(id: "xtoast-dunstctl", name: "xtoast-dunstctl", section: 1) { ManPage.dunstctl(date: $0) },
        Page(id: "xtoast-migrating", name: "xtoast-migrating", section: 7) { ManPage.migrating(date: $0) },
    ]

    /// The page `name` names: its id, or `NAME(SECTION)`, `NAME.SECTION` (`xtoast(5)`, `xtoast.1`).
    public static func named(_ name: String) -> Page? {
        if let page = all.first(where: { $0.id == name }) { return page }
        let spelled = name.replacingParentheses()
        return all.first { "\($0.name).\($0.section)" == spelled }
    }

    /// The date a page printed by `xtoast help --page` carries (installed pages carry their commit's).
    public static let undatedDate = "2025-01-01"
}

extension String {
    /// `xtoast(5)` as `xtoast.5`.
    fileprivate func replacingParentheses() -> String {
        guard hasSuffix(")"), let open = lastIndex(of: "(") else { return self }
        return self[..<open] + "." + self[index(after: open)..<index(before: endIndex)]
    }
}
