import CX11
import ToastCore

/// What `xtoast doctor` asks the X server, on a connection of its own that changes nothing:
/// the server's vendor and release, and who owns the compositor selection.
public enum ScreenProbe {
    public struct Answer {
        public let server: Doctor.XServer
        /// Nil when nobody owns `_NET_WM_CM_Sn` (or there is no server).
        public let compositor: Doctor.Compositor?
    }

    /// Names longer than this are not a compositor's.
    static let nameLimit = 256

    /// Opens `display` (or `$DISPLAY`). The corresponding C functions are `XOpenDisplay`,
    /// `XServerVendor`, `XVendorRelease`, `XGetSelectionOwner`, `XGetClassHint`.
    public static func read(display name: String?) -> Answer {
        guard let name, !name.isEmpty else { return Answer(server: .noDisplay, compositor: nil) }
        guard let display = XDisplay(name: name) else { return Answer(server: .unreachable(display: name), compositor: nil) }
        let vendor = XServerVendor(display.handle).map { String(cString: $0) } ?? "unknown vendor"
        let server = Doctor.XServer.server(display: display.name, vendor: vendor, release: Int(XVendorRelease(display.handle)))
        let owner = XGetSelectionOwner(display.handle, display.compositorSelection)
        guard owner != 0 else { return Answer(server: server, compositor: nil) }
        let identity = display.quietly { () -> (name: String?, pid: Int32?) in
            var hint = XClassHint()
            var className: String?
            if XGetClassHint(display.handle, owner, &hint) != 0 {
                className = hint.res_name.map { String(cString: $0) } ?? hint.res_class.map { String(cString: $0) }
                if let n = hint.res_name { XFree(n) }
                if let c = hint.res_class { XFree(c) }
            }
            let title = display.text(owner, "_NET_WM_NAME", limit: nameLimit) ?? display.text(owner, "WM_NAME", limit: nameLimit)
            let pid = display.cardinals(owner, "_NET_WM_PID").first.flatMap { Int32(exactly: $0) }
            return (className ?? title, pid)
        }
        return Answer(server: server, compositor: Doctor.Compositor(name: identity.name, pid: identity.pid))
    }
}
