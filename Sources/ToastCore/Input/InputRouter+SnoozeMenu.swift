/// What the open snooze menu is given, decided from the raw input the router sent it
/// (`InputRouter.Recipient.snoozeMenu`): the menu itself only finds what lies under a point.
public enum SnoozeMenuInput: Equatable, Sendable {
    /// A key: its choices move, Enter chooses, Escape closes (`SnoozeMenu.press`).
    case key(KeyPress)
    /// A press at `root` on `surface`: a choice under it, else the menu closes.
    case press(Point, on: SurfaceID)
    /// The pointer moved to `root` over `surface`: the choice under it lights.
    case hover(Point, on: SurfaceID)
}

extension InputRouter {
    /// What `event` means to the open snooze menu; nil: nothing (the wheel's notches come as
    /// presses, and choose nothing and close nothing; a release, a crossing or a screen fact
    /// is not the menu's).
    public static func snoozeMenuInput(_ event: InputEvent) -> SnoozeMenuInput? {
        switch event {
        case let .key(stroke):
            return .key(KeyPress(stroke))
        case let .press(surface, button, root, _, _):
            return TextScroll.wheelNotches(button: button) == nil ? .press(root, on: surface) : nil
        case let .motion(surface, root, _):
            return .hover(root, on: surface)
        default:
            return nil
        }
    }
}
