/// What the loop asks of the screen, in three parts, as dunst's `output.h` is one small table:
/// `ScreenInput` (the display, its monitors, input and grabs), `Surfaces` (the windows drawn)
/// and `Resources` (fonts, icons, images). The X11 layer implements all three; tests implement
/// them with a fake that records the calls, so every decision the loop makes runs without an
/// X server. Code that needs only one part can say so; the loop holds the whole.
public protocol Output: ScreenInput, Surfaces, Resources {}
