/// The application id in a Flatpak sandbox's `/.flatpak-info` (`[Application] name=`), read
/// strictly: the file is a keyfile Flatpak writes, but whoever built the sandbox wrote it (an
/// unsandboxed program can bind a file of its own there), so every byte is hostile.
///
///     FlatpakInfo.applicationID(Array("[Application]\nname=org.mozilla.firefox\n".utf8))
///     // "org.mozilla.firefox"
///
/// Anything GLib's keyfile reader and this one might read differently is refused outright
/// rather than guessed at: a line break other than `\n` anywhere (`\r`, vertical tab, form
/// feed, NEL, U+2028, U+2029), a NUL, bytes that are not UTF-8, a second `name` in
/// `[Application]`, a value with an escape or a space. The id must be a D-Bus name as desktop
/// ids are (`DesktopAppID.isValid`).
public enum FlatpakInfo {
    /// A real `.flatpak-info` is one or two KiB (the app's permissions and runtime); a larger
    /// file is refused by the reader before it is parsed, and here again.
    public static let maxBytes = 64 << 10

    /// `[Application] name`, or nil when the file is not one this parser trusts.
    public static func applicationID(_ bytes: [UInt8]) -> String? {
        guard bytes.count <= maxBytes, !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self),
              !text.unicodeScalars.contains(where: isForeignLineBreak) else { return nil }
        var group: Substring?
        var found: String?
        var names = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                let header = line.reversed().drop { $0 == " " || $0 == "\t" }
                guard header.first == "]" else { return nil }
                group = line.dropFirst().prefix(while: { $0 != "]" })
                continue
            }
            guard group == "Application", let equals = line.firstIndex(of: "=") else { continue }
            guard line[..<equals].reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed().elementsEqual("name") else { continue }
            names += 1
            found = String(line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" })
        }
        guard names == 1, let found, DesktopAppID.isValid(found) else { return nil }
        return found
    }

    /// Line breaks besides `\n`: GLib splits on `\n` alone, a text reader (or a log line) may
    /// split on these, so a file holding one could mean two things.
    static func isForeignLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }
}

/// An application id as D-Bus activation and Flatpak use it, and as a `.desktop` file is
/// named: a well-known D-Bus name.
public enum DesktopAppID {
    /// At most 255 bytes (the D-Bus limit), at least two elements split by `.`, each non-empty,
    /// of ASCII letters, digits, `_` and `-`, not starting with a digit.
    public static func isValid(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !isDigit(first) else { return false }
            return element.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
