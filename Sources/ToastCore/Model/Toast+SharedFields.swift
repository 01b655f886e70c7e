extension Toast {
    /// Takes `other`'s storage for the fields it repeats from it: an application's toasts
    /// come in runs with the same buttons, rules, icon and names, and each copy was a heap
    /// block of its own (about 250 of the 1,600 bytes a kept history entry cost, with 1,000
    /// kept). The values stay the same; only one copy is kept. O(1): one toast's fields
    /// compared, and a field already shared compares its storage first.
    mutating func shareRepeatedFields(of other: Toast) {
        if actions == other.actions { actions = other.actions }
        if rules == other.rules { rules = other.rules }
        if icon == other.icon { icon = other.icon }
        if iconFile == other.iconFile { iconFile = other.iconFile }
        if app == other.app { app = other.app }
        if category == other.category { category = other.category }
        if desktopEntry == other.desktopEntry { desktopEntry = other.desktopEntry }
        if sender == other.sender { sender = other.sender }
        if origin == other.origin { origin = other.origin }
        if defaultAction == other.defaultAction { defaultAction = other.defaultAction }
        if actionIconFiles == other.actionIconFiles { actionIconFiles = other.actionIconFiles }
    }
}
