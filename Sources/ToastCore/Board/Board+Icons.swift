/// A toast's theme icon and button icons are found when its card is about to show, not when
/// it arrives (issue 43): a flood that waits and overflows never looks them up.
extension Board {
    /// Whether the toast `id`'s icons are still to be found before its card is composed: it
    /// names an icon (or asks for button icons) that was not looked up yet, and shows icons.
    public func needsIcons(_ id: String) -> Bool {
        guard let toast = toast(id), !toast.hidesIcon else { return false }
        return (toast.icon != nil && toast.iconFile == nil) || ((toast.actionIcons || toast.reply?.sendIcon != nil) && toast.actionIconFiles.isEmpty)
    }

    /// Keeps what the icons of the live toast `id` were found as; no card change (its card is
    /// composed after this).
    public mutating func setIcons(_ id: String, file: String?, actionFiles: [String: String]) {
        guard var toast = toast(id), let key = key(of: id) else { return }
        if toast.iconFile == nil { toast.iconFile = file }
        toast.actionIconFiles = actionFiles
        setLive(toast, at: key, restartTimer: false, now: 0)
    }
}
