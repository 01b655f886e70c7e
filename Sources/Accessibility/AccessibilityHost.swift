import ToastCore

/// What `AccessibilityBus` asks of the daemon behind it: the tree to publish (built by
/// ToastCore from the board and the cards on screen) and a screen reader's button press.
/// Only plain values cross, so no sd-bus handle reaches the daemon.
public protocol AccessibilityHost: AnyObject {
    /// The objects a screen reader should see now.
    func accessibleTree() -> AccessibleTree
    /// `DoAction` on a button: the action is chosen as a click on it would choose it.
    func press(_ press: AccessibleTree.Press)
}
