import ToastCore

/// Plays the sounds `SoundChoice` decides. The loop only hands a sound over; it never waits.
public protocol SoundPlayer: AnyObject {
    /// Whether a sound server is there to play to: `GetCapabilities` lists `sound` only then
    /// (and only while `[sound] enabled`). Cheap, and it loads nothing.
    var canPlay: Bool { get }
    /// Plays `sound` for the toast `toast` (its id): it stops with it (`stop`).
    func play(_ sound: Sound, for toast: String)
    /// Stops `toast`'s sounds, playing or waiting to; every sound with nil (do-not-disturb,
    /// `dismiss --all`). Cheap when nothing of it plays.
    func stop(_ toast: String?)
}
