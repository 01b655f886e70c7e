/// The fuzzer's door to icon decoding (`Sources/fuzz-image`), and nothing else's: fuzzing
/// gdk-pixbuf with arbitrary bytes needs only to run the decoder exactly as an icon file is
/// decoded and learn whether it produced an image.
public enum ImageProbe {
    /// Decodes `bytes` as an icon file would be to fit a `box`×`box` square. True when an image
    /// came out whose size fits the box and whose pixel buffer matches that size.
    public static func decode(_ bytes: [UInt8], box: Int) -> Bool {
        guard case let .success(image) = DecodedImage.decode(bytes, box: box) else { return false }
        let side = max(1, min(box, DecodedImage.maxSide))
        return image.width >= 1 && image.height >= 1 && image.width <= side && image.height <= side
            && image.pixels.count == image.width * image.height * 4
    }
}
