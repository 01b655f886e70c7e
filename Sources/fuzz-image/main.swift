// libFuzzer target: arbitrary bytes through gdk-pixbuf as an icon is decoded, via ImageProbe,
// the Images module's door for it. Built by scripts/fuzz; in a plain `swift build` it links
// and does nothing.
import Images

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The box comes from the last byte so the image bytes stay whole: 1...256 px.
    _ = ImageProbe.decode(bytes, box: Int(bytes.last ?? 0) + 1)
    return 0
}
