/// Where the config file is: `$XDG_CONFIG_HOME/xtoast/config`, falling back to
/// `~/.config/xtoast/config`; nil when neither variable is set. The daemon reads it, and so
/// does `xtoast rules --test` when no daemon answers.
public enum ConfigPath {
    public static func resolve(xdgConfigHome: String?, home: String?) -> String? {
        if let xdg = xdgConfigHome, !xdg.isEmpty { return "\(xdg)/xtoast/config" }
        if let home, !home.isEmpty { return "\(home)/.config/xtoast/config" }
        return nil
    }
}
