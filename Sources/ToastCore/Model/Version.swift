/// xtoast's version, in one place: `xtoast --version`, `xtoastd --version`, the D-Bus
/// `GetServerInformation` reply and the man pages' headers all read it here, and
/// `scripts/package` asks the built client for it, so none of them can disagree.
public enum Version {
    public static let number = "1.0"

    /// What `--version` prints: the program's name and the version.
    public static func line(_ program: String) -> String { "\(program) \(number)" }
}
