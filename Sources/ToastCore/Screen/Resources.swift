/// What composing a card needs from the screen before anything is drawn: the font's metrics
/// and the icons and images a card names. Loaded once per toast (at show or update) and kept,
/// so a frame never waits on a file or a decode.
///
/// A part of `Output` of its own because it is what laying out needs: the composers measure
/// text through `textMetrics` and name the files loaded here, and never touch a surface.
public protocol Resources: AnyObject {
    /// Measures text for the card composer, with the current font.
    var textMetrics: any TextMeasuring { get }
    /// Chooses the text font; false (and the old font kept) when none matches.
    func setFont(family: String, pixelSize: Double) -> Bool
    /// Finds and loads an icon (a file or a theme name) at `pixelSize`, once, at show or update.
    /// Success gives the file that `CardComposer.Appearance.iconImage` then names.
    /// A large image may still be decoding when this returns: `isImageReady` says when it can
    /// be drawn, and `.imagesReady` input comes when one becomes ready.
    func loadIcon(_ spec: String, pixelSize: Int) -> Result<String, IconLoadError>
    func isImageReady(_ file: String) -> Bool
    /// Keeps raw pixels (a D-Bus notification's `image-data`) under `name`, scaled to fit
    /// `pixelSize`, so a toast whose icon file is the returned name draws them. The image's
    /// header must already have passed `RawImage.neededBytes`.
    func storeImage(_ name: String, _ image: RawImage, pixelSize: Int) -> Result<String, IconLoadError>
}

/// Why an icon could not be used; the client is told, the card shows the kind's icon.
public struct IconLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
