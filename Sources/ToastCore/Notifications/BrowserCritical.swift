/// Chromium (and Chrome) marks every web notification that asks for interaction
/// (`requireInteraction`) as critical on any server not named "Plasma", so a chat site's
/// messages would never time out. `[general] tame_chromium = yes` (the default) shows those as
/// normal with a long timeout, unless the page is a calendar or call site, whose reminders and
/// ringing calls should wait for the user. Chromium sends no category, so the page
/// (`x-kde-origin-name`, else the body's first line, where Chromium puts it for servers without
/// that capability) is all there is to tell them apart.
public enum BrowserCritical {
    /// Seconds a tamed notification stays (the sender asked for it to wait: longer than a
    /// normal toast's).
    public static let timeout = 30.0

    /// Sites whose critical notifications stay critical: calendars and calls. A host matches
    /// itself and its subdomains. docs/desktop.md lists the same.
    public static let keptSites = ["calendar.google.com", "meet.google.com", "outlook.office.com", "outlook.office365.com",
                                   "outlook.live.com", "teams.microsoft.com", "teams.live.com", "zoom.us", "meet.jit.si",
                                   "whereby.com", "calendar.proton.me", "app.fastmail.com", "calendar.yahoo.com"]

    /// Chromium's and Chrome's app names and desktop entries (stable, beta, dev, Flatpak).
    static let appNames: Set = ["chromium", "chromium-browser", "google chrome", "google-chrome", "chrome",
                                "google chrome (beta)", "google chrome (dev)", "google chrome (unstable)"]
    static let desktopEntries: Set = ["chromium", "chromium-browser", "org.chromium.chromium", "google-chrome",
                                      "google-chrome-beta", "google-chrome-unstable", "com.google.chrome"]

    public static func isChromium(app: String, desktopEntry: String?) -> Bool {
        appNames.contains(app.lowercased()) || desktopEntry.map { desktopEntries.contains($0.lowercased()) } ?? false
    }

    /// The host of an origin as Chromium writes it (`meet.google.com`, `https://x.y:443/path`),
    /// lowercased; nil when there is none.
    static func host(_ origin: String) -> String? {
        var text = Substring(origin.lowercased()).trimmingBlanks()
        if let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") { text = text[text.index(colon, offsetBy: 3)...] }
        let host = text.prefix { $0 != "/" && $0 != ":" && $0 != " " && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether the page is one of `keptSites` (or below one).
    public static func isKept(origin: String) -> Bool {
        guard let host = host(origin) else { return false }
        return keptSites.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The page a notification is from: `x-kde-origin-name`, else the body's first line.
    public static func origin(hint: String?, body: String) -> String {
        if let hint, !hint.isEmpty { return hint }
        return String(body.prefix { !$0.isNewline }.prefix(NotificationLimits.maxOriginCharacters))
    }
}
