#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// The local time zone as the C library knows it (`TZ`, `/etc/localtime`): for each instant,
/// its offset from UTC, summer time included. What `QuietEnd` and `QuietSchedule` compute
/// "18:00" and "mon-fri" with. The corresponding C function is `localtime_r`.
enum SystemZone {
    static let local = LocalZone { wall in
        var t = time_t(max(-1e12, min(1e12, wall.isFinite ? wall : 0)).rounded(.down))
        var tm = Glibc.tm()
        guard localtime_r(&t, &tm) != nil else { return 0 }
        return Int(tm.tm_gmtoff)
    }
}
