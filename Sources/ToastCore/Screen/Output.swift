/// What the loop asks of the screen, in three parts, as dunst's `output.h` is one small table:
/// `ScreenInput` (the display, its monitors, input and grabs), `Surfaces` (the windows drawn)
/// and `Resources` (fonts, icons, images). The X11 layer implements all three; tests implement
/// them with a fake that records the calls, so every decision the loop makes runs without an
/// X server. Code that needs only one part says so: the service alone holds `ScreenInput`, the
/// cards and the centre take `Surfaces & Resources`.
///
/// 28 requirements in all (13, 11 and 4), none with a default in a protocol extension, so the
/// fake answers every one; `SeamTests` counts them and fails past 28. The screen's news (its
/// settings, other clients' windows) comes as input, not as a getter each feature adds.
public protocol Output: ScreenInput, Surfaces, Resources {}
