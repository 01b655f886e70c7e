import CX11

/// A part of the X11 layer that follows some of the server's news by itself (which window is
/// fullscreen, whether the user is away) and tells the loop only what changed, once per batch.
protocol XEventWatcher: AnyObject {
    /// Looks at an event the input decoder has no use for. True when the event was the
    /// watcher's alone (its own alarm); false lets others see it too.
    func notice(_ event: inout XEvent) -> Bool
}
