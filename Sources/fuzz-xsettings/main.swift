// libFuzzer target: an XSETTINGS blob, which any X client can write on the settings
// selection's owner, read the way the daemon reads it (`XSettings.parse`, then
// `DesktopSettings`). Nothing may trap or stall, and what comes out must be bounded by the
// blob and by the ranges the daemon relies on. The same bytes are also read as what
// `gsettings get` printed (`GSettings.parse`, for a desktop without XSETTINGS), each key
// given them. Built by scripts/fuzz; in a plain
// `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let blob = Array(UnsafeBufferPointer(start: data, count: size))
    if let settings = XSettings.parse(blob) {
        fuzzCheck(blob.count >= 12 && blob.count <= XSettings.maxBytes, "parsed a \(blob.count)-byte blob")
        fuzzCheck(settings.count <= XSettings.maxSettings, "\(settings.count) settings")
        for (name, value) in settings {
            fuzzCheck(name.utf8.count <= XSettings.maxNameBytes, "a \(name.utf8.count)-byte name")
            if case let .string(s) = value { fuzzCheck(s.utf8.count <= blob.count, "a \(s.utf8.count)-byte string from \(blob.count) bytes") }
        }
    }
    let desktop = DesktopSettings(xsettings: blob)
    if let time = desktop.cursorBlinkTime { fuzzCheck(DesktopSettings.blinkTimeRange.contains(time), "blink time \(time)") }
    if let half = desktop.caretHalfPeriod { fuzzCheck(half.isFinite && half > 0 && half <= 5, "caret half period \(half)") }
    if let name = desktop.themeName { fuzzCheck(name.utf8.count <= DesktopSettings.maxThemeNameBytes, "theme name of \(name.utf8.count) bytes") }
    var config = Config()
    config.desktop = desktop
    _ = (config.reducesMotion, config.highContrast, HighContrast.overrideNotice(config))

    if case let .string(s)? = GSettings.parse(blob) { fuzzCheck(s.utf8.count <= blob.count, "a \(s.utf8.count)-byte string from \(blob.count) bytes") }
    let gsettings = GSettings.settings(Dictionary(uniqueKeysWithValues: GSettings.keys.map { ($0, blob) }))
    if let time = gsettings.cursorBlinkTime { fuzzCheck(DesktopSettings.blinkTimeRange.contains(time), "gsettings blink time \(time)") }
    if let name = gsettings.themeName { fuzzCheck(name.utf8.count <= DesktopSettings.maxThemeNameBytes, "gsettings theme of \(name.utf8.count) bytes") }
    return 0
}
