/// The HiDPI factor every length is multiplied by.
///
/// X has no per-monitor scale; desktops announce the user's choice through the `Xft.dpi`
/// resource (GNOME and KDE set 192 for 200 %, 144 for 150 %), so that is what we follow.
public enum Scale {
    /// Scales outside this range are treated as mistakes rather than honoured.
    public static let range: ClosedRange<Double> = 0.25...8

    /// 96 dpi is 1.0; fractional results are kept (144 dpi → 1.5). Missing, non-finite or
    /// absurd values (outside `range` once divided by 96) give 1.0.
    public static func from(xftDPI dpi: Double?) -> Double {
        guard let dpi, dpi.isFinite, range.contains(dpi / 96) else { return 1 }
        return dpi / 96
    }

    /// The `Xft.dpi` value in an X `RESOURCE_MANAGER` string (lines of `name:\tvalue`), or nil if
    /// it is absent or not a number. Returns the dpi, not the scale: pass it to `from(xftDPI:)`.
    public static func fromResources(_ resourceManager: String) -> Double? {
        var dpi: Double?
        for line in resourceManager.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"),
                  line[..<colon].trimmingBlanks() == "Xft.dpi" else { continue }
            dpi = Double(line[line.index(after: colon)...].trimmingBlanks())
        }
        return dpi
    }

    /// The scale to draw at: the configured one if set, otherwise from the resources.
    public static func resolve(configured: Double?, resourceManager: String?) -> Double {
        configured ?? from(xftDPI: resourceManager.flatMap(fromResources))
    }
}
