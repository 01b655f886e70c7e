import CX11

/// Other clients' windows as the watchers and the panels' scan meet them: the one way this
/// client selects events on a window it did not make (adding to what it selected there, never
/// replacing it, as `XSelectInput` alone would), and the one bounded walk of the window tree.
extension XDisplay {
    /// A desktop has dozens of top-level windows, not thousands: a scan reads at most this
    /// many children of a window, however many another client made.
    static let maxScannedChildren = 4096

    /// The root's children, bottom to top, at most `maxScannedChildren`: what the lock watch
    /// and the panels' struts read. The corresponding C function is `XQueryTree`.
    func rootChildren() -> [Window] { tree(of: root)?.children ?? [] }

    /// A window's parent (0 above the root) and its children, at most `childLimit` of them;
    /// nil when it has gone (an error, to be dropped: call inside `quietly`).
    /// The corresponding C function is `XQueryTree`.
    func tree(of window: Window, childLimit: Int = maxScannedChildren) -> (parent: Window, children: [Window])? {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(handle, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        defer { if let children { XFree(children) } }
        let kept = min(Int(count), max(0, childLimit))
        return (parent, children.map { Array(UnsafeBufferPointer(start: $0, count: kept)) } ?? [])
    }

    /// Adds `mask` to what this client hears from `window`, keeping what it already selected
    /// there (`XSelectInput` replaces it); returns the mask it had. A window that has gone
    /// gives 0 (and an error, to be dropped: call inside `quietly`).
    /// The corresponding C functions are `XGetWindowAttributes` and `XSelectInput`.
    @discardableResult
    func addEventMask(_ window: Window, _ mask: Int) -> Int {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(handle, window, &attributes) != 0 else { return 0 }
        addEventMask(window, mask, having: attributes.your_event_mask)
        return attributes.your_event_mask
    }

    /// The same, when the window's attributes were just read (`current` is their
    /// `your_event_mask`): no second round trip. The corresponding C function is `XSelectInput`.
    func addEventMask(_ window: Window, _ mask: Int, having current: Int) {
        if current | mask != current { XSelectInput(handle, window, current | mask) }
    }

    /// Gives `window` back the mask it had before this client followed it (`addEventMask`'s
    /// answer). The corresponding C function is `XSelectInput`.
    func restoreEventMask(_ window: Window, to mask: Int) {
        XSelectInput(handle, window, mask)
    }
}
