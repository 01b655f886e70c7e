import CX11
import ToastCore

extension XDisplay {
    /// A string setting the desktop's settings daemon publishes over XSETTINGS (such as
    /// `Net/IconThemeName`), or nil when no settings daemon runs or it has no such string.
    /// Read on each call: the desktop may change theme while the daemon runs.
    /// The corresponding C functions are `XGetSelectionOwner` and `XGetWindowProperty`.
    func xsettingsString(_ name: String) -> String? {
        let selection = XInternAtom(handle, "_XSETTINGS_S\(screen)", 0)
        let owner = XGetSelectionOwner(handle, selection)
        guard owner != 0 else { return nil }
        let property = XInternAtom(handle, "_XSETTINGS_SETTINGS", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // 256 KiB (in 32-bit units) is far beyond any real settings blob.
        let status = XGetWindowProperty(handle, owner, property, 0, 64 * 1024, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        guard status == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8, count <= 1 << 18 else { return nil }
        return XSettings.string(name, in: Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }
}
