/// `[quiet] hide_content = yes`: a toast that shows while quiet holds (a critical one through
/// a pause, a shared screen) draws its title only, so what it says is not on a shared screen.
extension Toast {
    /// The toast as such a card draws it: the title, no message, no image or icon, no
    /// format that would put the message back.
    public var contentHidden: Toast {
        var toast = self
        toast.message = ""
        toast.format = nil
        toast.icon = nil
        toast.iconFile = nil
        toast.hidesIcon = true
        return toast
    }
}

extension QuietGate {
    /// Whether cards composed now hide their content under `settings`.
    public func hidesContent(_ settings: QuietSettings) -> Bool { settings.hideContent && isActive }
}
