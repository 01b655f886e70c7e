import ToastCore

/// What `AccessibilityBus` asks of the daemon behind it: the tree to publish (built by
/// ToastCore from the board and the cards on screen) and a screen reader's button press.
/// Only plain values cross, so no sd-bus handle reaches the daemon.
public protocol AccessibilityHost: AnyObject {
    /// The objects a screen reader should see now.
    func accessibleTree() -> AccessibleTree
    /// Moves whenever the tree may have changed; the tree is built again only then
    /// (`AccessibleAnnouncer.wantsTree`), so an idle turn builds nothing.
    var treeGeneration: Int { get }
    /// `DoAction` on a button: the action is chosen as a click on it would choose it.
    func press(_ press: AccessibleTree.Press)
    /// `DoAction` on a link or a centre header control: as a click on it.
    func activate(_ control: AccessibleTree.Control)
    /// `EditableText` on the open reply field of `toast`'s card: made as typing would be.
    func editReply(_ edit: ReplyEdit, toast: String)
}

extension AccessibilityHost {
    /// A host without reply fields takes no edits.
    public func editReply(_ edit: ReplyEdit, toast: String) {}
}
