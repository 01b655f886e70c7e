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
    func setFont(_ face: FontFace, pixelSize: Double) -> Bool
    /// Loads an image a card names (`ImageSource`) at `pixelSize`, once, at show or update.
    /// Success gives the file that `CardComposer.Appearance.iconImage` then names.
    /// A large image may still be decoding when this returns: `isImageReady` says when it can
    /// be drawn, and `.imagesReady` input comes when one becomes ready.
    func loadImage(_ source: ImageSource, pixelSize: Int) -> Result<String, IconLoadError>
    func isImageReady(_ file: String) -> Bool
}

/// Where a card's image comes from.
public enum ImageSource {
    /// An icon: a file or a theme name, found and loaded.
    case named(String)
    /// Raw pixels (a D-Bus notification's `image-data`) kept under a name, scaled to fit, so a
    /// toast whose icon file is that name draws them. The image's header must already have
    /// passed `RawImage.neededBytes`.
    case raw(String, RawImage)
}

/// Why an icon could not be used; the client is told, the card shows the kind's icon.
public struct IconLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
