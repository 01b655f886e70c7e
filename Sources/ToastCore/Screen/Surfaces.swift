/// The windows the daemon draws: cards and the centre's panel. Created already sized and placed,
/// painted before they are mapped, moved (never repainted) while they animate, clipped to their
/// monitor, faded only under a compositor.
///
/// A part of `Output` of its own because everything a frame does goes through it: the motion
/// code's cost is these calls, and the fake screen's record of them is what the tests assert on.
public protocol Surfaces: AnyObject {
    /// Whether a compositor runs: surfaces then have alpha (soft corners, shadows, fading).
    var hasAlpha: Bool { get }
    func createSurface(size: Size, at origin: Point) -> SurfaceID
    /// Paints `scene` into the surface, fitting its size and shape to the scene, and moves it
    /// to `origin` in the same request.
    func paint(_ surface: SurfaceID, _ scene: CardScene, at origin: Point)
    func move(_ surface: SurfaceID, to origin: Point)
    /// Shows only the part of the surface inside `clip` (screen coordinates; nil: all of it),
    /// so a card entering or leaving across an edge its monitor shares with another never
    /// shows on the neighbour.
    func setClip(_ surface: SurfaceID, _ clip: Rect?)
    /// 0...1; honoured only under a compositor.
    func setOpacity(_ surface: SurfaceID, _ opacity: Double)
    func map(_ surface: SurfaceID)
    func destroy(_ surface: SurfaceID)
    /// Shows a spinner over part of the surface (nil removes it).
    func setSpinner(_ surface: SurfaceID, _ spinner: SpinnerSpec?)
    /// Turns every spinner to `phase` (turns, 0..<1 repeating).
    func turnSpinners(phase: Double)
    /// Where the caret of text typed into the surface is (surface coordinates, at the
    /// baseline; nil: none), so an input method draws its preedit there (over the spot).
    func placeCaret(_ caret: Point?, on surface: SurfaceID)
}
